import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Link } from 'react-router';
import { UserIcon } from '../components/ui/action-icons';
import { useStartupT } from '../i18n/react';

const itemClass =
  'block cursor-pointer rounded-md px-3 py-2 text-sm text-stone-800 outline-none data-highlighted:bg-brand-50 data-highlighted:text-brand-800';

/** The signed-in shopper's menu in the header: Profile and Logout (loaded only for signed-in shoppers). */
export default function UserMenu({ fullName }: { fullName: string }) {
  const t = useStartupT();
  const firstName = fullName.split(' ')[0] || t('userMenu.fallbackName');
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        aria-label={t('userMenu.label', { name: fullName })}
        className="flex items-center gap-2 rounded-md px-2 py-2 hover:bg-white/10 data-[state=open]:bg-white/10"
      >
        <UserIcon />
        <span className="hidden max-w-32 truncate sm:inline">{firstName}</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 min-w-44 rounded-xl border border-stone-200 bg-white p-1 shadow-lg animate-fade-in"
        >
          <DropdownMenu.Label className="truncate px-3 py-2 text-xs text-muted">{fullName}</DropdownMenu.Label>
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to="/profile">{t('nav.profile')}</Link>
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-stone-200" />
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to="/logout">{t('nav.logout')}</Link>
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
