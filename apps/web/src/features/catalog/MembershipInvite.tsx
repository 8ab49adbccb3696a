import { Link } from 'react-router';
import { Button } from '../../components/ui/button';

export interface InviteAction {
  to: string;
  label: string;
}

/** Shown instead of the buy buttons when buying needs an account or a Premium membership. */
export function MembershipInvite({ title, text, actions }: { title: string; text: string; actions: InviteAction[] }) {
  return (
    <div className="rounded-xl border border-amber-300 bg-amber-50 p-4">
      <h2 className="font-bold text-stone-900">{title}</h2>
      <p className="mt-1 text-sm text-stone-700">{text}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        {actions.map((action, index) => (
          <Button key={action.to} asChild variant={index === 0 ? 'primary' : 'outline'}>
            <Link to={action.to}>{action.label}</Link>
          </Button>
        ))}
      </div>
    </div>
  );
}
