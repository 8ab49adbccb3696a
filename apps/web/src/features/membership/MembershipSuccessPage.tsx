import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { useSession } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { PerksList } from './PerksList';

/** /membership-success: welcome, the one perks list, buttons to /dashboard and /login, and Exit to /. */
export default function MembershipSuccessPage() {
  useDocumentTitle('Welcome to Premium – Bilum');
  const { user } = useSession();
  const firstName = user?.fullName.split(/\s+/)[0];
  return (
    <div className="bg-linear-to-b from-brand-50 to-stone-50 px-4 py-8 sm:py-14">
      <section
        aria-labelledby="welcome"
        className="mx-auto max-w-xl rounded-2xl border border-brand-200 bg-white p-6 shadow-sm sm:p-8"
      >
        <div className="flex justify-end">
          <Button asChild variant="ghost" size="sm">
            <Link to="/">Exit</Link>
          </Button>
        </div>
        <div className="text-center">
          <span aria-hidden className="mx-auto flex size-14 items-center justify-center rounded-full bg-brand-100">
            <svg viewBox="0 0 24 24" className="size-8 text-brand-600" fill="currentColor">
              <path d="M12 2.5l2.9 5.9 6.5.9-4.7 4.6 1.1 6.5L12 17.3l-5.8 3.1 1.1-6.5-4.7-4.6 6.5-.9z" />
            </svg>
          </span>
          <h1 id="welcome" className="mt-2 text-2xl font-extrabold text-stone-900 sm:text-3xl">
            Welcome to Premium{firstName ? `, ${firstName}` : ''}!
          </h1>
          <p className="mt-2 text-stone-600">Your membership is active for one year. Here is what you get:</p>
        </div>
        <div className="mt-6">
          <PerksList />
        </div>
        <div className="mt-8 grid gap-3 sm:grid-cols-2">
          <Button asChild size="lg">
            <Link to="/dashboard">Start Shopping</Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to="/login">Go to Login</Link>
          </Button>
        </div>
      </section>
    </div>
  );
}
