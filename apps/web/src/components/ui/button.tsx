import { type ButtonHTMLAttributes, cloneElement, isValidElement } from 'react';
import { cn } from '../../lib/cn';

const variants = {
  primary: 'bg-brand-600 text-white hover:bg-brand-700 disabled:bg-brand-100 disabled:text-brand-800',
  dark: 'bg-ink text-white hover:bg-stone-700 disabled:bg-stone-200 disabled:text-stone-700',
  outline: 'border border-stone-300 bg-white text-stone-800 hover:bg-stone-100 disabled:text-muted',
  ghost: 'text-stone-700 hover:bg-stone-100 disabled:text-muted',
  danger: 'bg-red-600 text-white hover:bg-red-700 disabled:bg-red-100 disabled:text-red-800',
} as const;

const sizes = {
  sm: 'h-9 px-3 text-sm',
  md: 'h-11 px-4 text-sm',
  lg: 'h-12 px-6 text-base',
} as const;

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
  /** Render the child element (e.g. a Link) with button styles. */
  asChild?: boolean;
}

export function Button({
  variant = 'primary',
  size = 'md',
  asChild,
  className,
  type,
  children,
  ...props
}: ButtonProps) {
  const classes = cn(
    'inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition-colors disabled:cursor-not-allowed',
    variants[variant],
    sizes[size],
    className,
  );
  // asChild: style the single child (a Link) as a button. Kept to cloneElement so the first page does not
  // ship a slot library.
  if (asChild && isValidElement<{ className?: string }>(children)) {
    return cloneElement(children, { ...props, className: cn(classes, children.props.className) });
  }
  return (
    <button type={type ?? 'button'} className={classes} {...props}>
      {children}
    </button>
  );
}
