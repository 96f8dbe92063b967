import { SinglePaymentForm } from '../components/single-payment-form';

/** /pledge/payment and /pledge/payment-new: one screen (issue 13). */
export function SinglePaymentPage() {
  return <SinglePaymentForm />;
}
