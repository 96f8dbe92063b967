import { SinglePaymentForm } from '../components/single-payment-form';

/** /pledge/payment and /pledge/payment-new: one screen. */
export function SinglePaymentPage() {
  return <SinglePaymentForm />;
}
