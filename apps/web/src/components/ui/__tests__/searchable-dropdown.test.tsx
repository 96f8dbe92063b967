import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SearchableDropdown } from '../searchable-dropdown';

interface Design {
  id: number;
  design_name: string;
}

const designs: Design[] = [
  { id: 1, design_name: 'Chain' },
  { id: 2, design_name: 'Chain with pendant' },
  { id: 3, design_name: 'Bangle' },
];

function Harness({
  search,
  onCreateNew,
  onChange,
}: {
  search: (term: string) => Promise<Design[]>;
  onCreateNew?: (term: string) => void | Promise<void>;
  onChange?: (item: Design | null) => void;
}) {
  const [value, setValue] = useState<Design | null>(null);
  return (
    <>
      <SearchableDropdown<Design>
        label="Design"
        value={value}
        onChange={(item) => {
          setValue(item);
          onChange?.(item);
        }}
        search={(term) => search(term)}
        getOptionLabel={(d) => d.design_name}
        getOptionKey={(d) => d.id}
        {...(onCreateNew ? { onCreateNew } : {})}
      />
      <p data-testid="chosen">{value ? value.design_name : 'none'}</p>
    </>
  );
}

function searchDesigns(term: string): Promise<Design[]> {
  return Promise.resolve(designs.filter((d) => d.design_name.toLowerCase().includes(term.toLowerCase())));
}

beforeEach(() => {
  // Fake timers only: the debounce is measured on the fake clock, never on the machine's.
  // (React's scheduler keeps its real MessageChannel and microtasks.)
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
});

afterEach(() => {
  vi.useRealTimers();
});

/**
 * fireEvent rather than user-event: user-event's async wrapper waits on a real setTimeout that the fake
 * clock never fires. Each call below is one keystroke, as the browser reports it.
 */
function typeInto(input: HTMLElement, text: string) {
  (input as HTMLInputElement).focus();
  let value = (input as HTMLInputElement).value;
  for (const ch of text) {
    value += ch;
    fireEvent.change(input, { target: { value } });
  }
}

function press(input: HTMLElement, key: string) {
  fireEvent.keyDown(input, { key });
}

async function wait(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe('SearchableDropdown', () => {
  it('waits 300 ms after the last key before searching, and searches once', async () => {
    const search = vi.fn(searchDesigns);
    render(<Harness search={search} />);
    const input = screen.getByRole('combobox', { name: 'Design' });
    typeInto(input, 'ch');
    await wait(200);
    // Another key restarts the wait.
    typeInto(input, 'a');
    await wait(299);
    expect(search).not.toHaveBeenCalled();
    await wait(1);
    expect(search).toHaveBeenCalledTimes(1);
    expect(search).toHaveBeenCalledWith('cha');
    expect(screen.getAllByRole('option')).toHaveLength(2);
  });

  it('does not search below 2 characters and says so', async () => {
    const search = vi.fn(searchDesigns);
    render(<Harness search={search} />);
    typeInto(screen.getByRole('combobox', { name: 'Design' }), 'c');
    await wait(1000);
    expect(search).not.toHaveBeenCalled();
    expect(screen.getByRole('status')).toHaveTextContent('Type at least 2 characters to search.');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
  });

  it('moves with Up and Down, marks the active option for screen readers, and picks with Enter', async () => {
    render(<Harness search={searchDesigns} />);
    const input = screen.getByRole('combobox', { name: 'Design' });
    typeInto(input, 'ch');
    await wait(300);
    const options = screen.getAllByRole('option');
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(input).not.toHaveAttribute('aria-activedescendant');

    press(input, 'ArrowDown');
    expect(input).toHaveAttribute('aria-activedescendant', options[0]!.id);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    press(input, 'ArrowDown');
    expect(input).toHaveAttribute('aria-activedescendant', options[1]!.id);
    press(input, 'ArrowDown');
    // Wraps round to the first.
    expect(input).toHaveAttribute('aria-activedescendant', options[0]!.id);
    press(input, 'ArrowUp');
    expect(input).toHaveAttribute('aria-activedescendant', options[1]!.id);

    press(input, 'Enter');
    expect(screen.getByTestId('chosen')).toHaveTextContent('Chain with pendant');
    expect(input).toHaveValue('Chain with pendant');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
  });

  it('closes the list with Escape and keeps the typed text', async () => {
    render(<Harness search={searchDesigns} />);
    const input = screen.getByRole('combobox', { name: 'Design' });
    typeInto(input, 'bang');
    await wait(300);
    expect(screen.getAllByRole('option')).toHaveLength(1);
    press(input, 'Escape');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(input).toHaveValue('bang');
    expect(screen.getByTestId('chosen')).toHaveTextContent('none');
  });

  it('clears the text and the chosen item with the clear button', async () => {
    const onChange = vi.fn();
    render(<Harness search={searchDesigns} onChange={onChange} />);
    const input = screen.getByRole('combobox', { name: 'Design' });
    typeInto(input, 'bang');
    await wait(300);
    fireEvent.mouseDown(screen.getByRole('option', { name: 'Bangle' }));
    expect(screen.getByTestId('chosen')).toHaveTextContent('Bangle');

    fireEvent.click(screen.getByRole('button', { name: 'Clear Design' }));
    expect(input).toHaveValue('');
    expect(screen.getByTestId('chosen')).toHaveTextContent('none');
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(input).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Clear Design' })).not.toBeInTheDocument();
  });

  it("offers '+ Create new' for a name with no exact match, and hands over the trimmed term", async () => {
    const onCreateNew = vi.fn();
    render(<Harness search={searchDesigns} onCreateNew={onCreateNew} />);
    const input = screen.getByRole('combobox', { name: 'Design' });
    typeInto(input, '  Chain mala ');
    await wait(300);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryAllByRole('option')).toHaveLength(1);
    const create = screen.getByRole('option', { name: '+ Create new "Chain mala"' });
    press(input, 'ArrowDown');
    expect(input).toHaveAttribute('aria-activedescendant', create.id);
    press(input, 'Enter');
    expect(onCreateNew).toHaveBeenCalledWith('Chain mala');
  });

  it("leaves out '+ Create new' when a match has the same name, ignoring case", async () => {
    render(<Harness search={searchDesigns} onCreateNew={vi.fn()} />);
    typeInto(screen.getByRole('combobox', { name: 'Design' }), 'bangle');
    await wait(300);
    expect(screen.getAllByRole('option')).toHaveLength(1);
    expect(screen.queryByRole('option', { name: /Create new/ })).not.toBeInTheDocument();
  });

  it('shows only the answer to the latest term when an earlier search answers late', async () => {
    let resolveFirst: (items: Design[]) => void = () => {};
    const search = vi.fn((term: string) =>
      term === 'ch'
        ? new Promise<Design[]>((resolve) => {
            resolveFirst = resolve;
          })
        : searchDesigns(term),
    );
    render(<Harness search={search} />);
    const input = screen.getByRole('combobox', { name: 'Design' });
    typeInto(input, 'ch');
    await wait(300);
    fireEvent.change(input, { target: { value: '' } });
    typeInto(input, 'ban');
    await wait(300);
    await act(async () => resolveFirst(designs));
    const options = screen.getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Bangle']);
  });

  it('says so when the search fails', async () => {
    render(<Harness search={() => Promise.reject(new Error('down'))} />);
    typeInto(screen.getByRole('combobox', { name: 'Design' }), 'ch');
    await wait(300);
    expect(screen.getByRole('status')).toHaveTextContent('Search failed. Please try again.');
  });
});
