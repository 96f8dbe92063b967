import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DataTable, type DataTableColumn, RowActionButton } from '../data-table';
import { StatusBadge } from '../status-badge';

interface Row {
  id: number;
  name: string;
  status: boolean;
}

const columns: DataTableColumn<Row>[] = [
  { key: 'name', header: 'Name', cell: (r) => r.name },
  { key: 'status', header: 'Status', cell: (r) => <StatusBadge active={r.status} /> },
];

function renderTable(props: Partial<Parameters<typeof DataTable<Row>>[0]> = {}) {
  return render(
    <DataTable<Row>
      title="Jewel Types"
      columns={columns}
      rows={[]}
      getRowKey={(r) => r.id}
      emptyText="No jewel types yet."
      {...props}
    />,
  );
}

describe('DataTable', () => {
  it('shows skeleton rows and a loading status while loading, and no empty text', () => {
    renderTable({ isLoading: true, rows: undefined, skeletonRows: 3 });
    expect(screen.getAllByTestId('skeleton-row')).toHaveLength(3);
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByText('No jewel types yet.')).not.toBeInTheDocument();
  });

  it('shows the empty text and its action when there are no rows, and no table', () => {
    renderTable({ rows: [], emptyAction: <button type="button">Add Jewel Type</button> });
    expect(screen.getByText('No jewel types yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Jewel Type' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows the fetch error as an alert with a retry, instead of rows or the empty text', async () => {
    const onRetry = vi.fn();
    renderTable({ rows: undefined, error: 'Failed to fetch jewel types.', onRetry });
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to fetch jewel types.');
    expect(screen.queryByText('No jewel types yet.')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('renders rows with Active/Inactive and row actions, in a scroll region reachable by Tab', async () => {
    const onEdit = vi.fn();
    renderTable({
      rows: [
        { id: 1, name: 'Ring', status: true },
        { id: 2, name: 'Chain', status: false },
      ],
      actions: (r) => (
        <RowActionButton label={`Edit ${r.name}`} onClick={() => onEdit(r.id)}>
          Edit
        </RowActionButton>
      ),
    });
    const table = screen.getByRole('table', { name: 'Jewel Types' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(first).toHaveTextContent('RingActive');
    expect(second).toHaveTextContent('ChainInactive');
    await userEvent.tab();
    expect(screen.getByRole('region', { name: 'Jewel Types' })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Edit Ring' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(onEdit).toHaveBeenCalledWith(1);
  });

  it('keeps the reason of a disabled row action as its tooltip', () => {
    render(
      <RowActionButton
        label="Delete admin"
        onClick={() => {}}
        disabled
        disabledReason="You cannot delete your own account."
      >
        Delete
      </RowActionButton>,
    );
    const button = screen.getByRole('button', { name: 'Delete admin' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('title', 'You cannot delete your own account.');
  });
});
