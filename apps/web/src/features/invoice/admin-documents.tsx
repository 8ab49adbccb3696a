import { Link, useParams } from 'react-router';
import { Button } from '../../components/ui/button';

export function useOrderIdParam(): number {
  const { orderId } = useParams();
  return orderId && /^\d{1,9}$/.test(orderId) ? Number(orderId) : 0;
}

export const backToOrders = (
  <Button asChild variant="outline">
    <Link to="/order-inventory">Back to orders</Link>
  </Button>
);
