import { type IconProps, LineIcon } from './icons';

// Icons of the lazily loaded pages, apart from icons.tsx so that the home page's bundle does not carry them.

export const ArrowLeftIcon = (props: IconProps) => (
  <LineIcon {...props}>
    <path d="M19 12H5M11 6l-6 6 6 6" />
  </LineIcon>
);

export const ShareIcon = (props: IconProps) => (
  <LineIcon {...props}>
    <circle cx="18" cy="5" r="3" />
    <circle cx="6" cy="12" r="3" />
    <circle cx="18" cy="19" r="3" />
    <path d="M8.6 13.5l6.8 4M15.4 6.5l-6.8 4" />
  </LineIcon>
);

export const CheckIcon = (props: IconProps) => (
  <LineIcon {...props}>
    <path d="M5 12l5 5L20 7" />
  </LineIcon>
);

export const UserIcon = (props: IconProps) => (
  <LineIcon {...props}>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21c0-4 4-6 8-6s8 2 8 6" />
  </LineIcon>
);

export const CartIcon = (props: IconProps) => (
  <LineIcon {...props}>
    <circle cx="9" cy="20" r="1.5" />
    <circle cx="18" cy="20" r="1.5" />
    <path d="M2 3h3l2.7 12.4a1 1 0 0 0 1 .8h9.6a1 1 0 0 0 1-.8L21 7H6" />
  </LineIcon>
);
