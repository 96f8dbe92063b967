import LaterReleasePage from '../../../app/later-release-page';

// Temporary: the route to this page reached main early (448172d); the Customers screen replaces this.
export function CustomersPage() {
  return <LaterReleasePage />;
}

export default CustomersPage;
