import { Link } from 'react-router';
import { Button } from '../components/ui/button';

export default function NotFoundPage() {
  return (
    <section className="mx-auto flex max-w-lg flex-col items-center gap-5 px-4 py-20 text-center">
      <p className="text-7xl font-black text-brand-500" aria-hidden>
        404
      </p>
      <h1 className="text-2xl font-bold text-stone-900">Oops! Page not found</h1>
      <p className="text-stone-600">The page you are looking for does not exist or has moved.</p>
      <Button asChild size="lg">
        <Link to="/">Return to Home</Link>
      </Button>
    </section>
  );
}
