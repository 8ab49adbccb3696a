import { PageNotFound } from '../components/ui/not-found';

export default function NotFoundPage() {
  return <PageNotFound />;
}
