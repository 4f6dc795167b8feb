import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { renderRoutes } from '../../test/render';
import { ListTable, type TListColumn, type TListQuery } from './list-table';
import { ROWS_PER_PAGE_STORAGE_PREFIX } from './list-state';
import { HttpError } from '../../lib/http/http-error';

interface TCustomer {
  name: string;
  city: string;
}

const customers: TCustomer[] = Array.from({ length: 60 }, (_, index) => ({
  name: `Klant ${String(index + 1).padStart(2, '0')}`,
  city: index < 30 ? 'Utrecht' : 'Delft',
}));

const columns: TListColumn<TCustomer>[] = [
  { field: 'name', headerName: 'Naam', flex: 1 },
  { field: 'city', headerName: 'Plaats', flex: 1 },
];

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search + location.hash}</output>;
}

function renderList(props: Partial<Parameters<typeof ListTable<TCustomer>>[0]> = {}, path = '/customers') {
  const load = vi.fn(async () => customers);
  const view = renderRoutes(
    [
      {
        path: '/customers',
        handle: { routeId: 'customers', pattern: '/customers', title: 'routes.customers' },
        element: (
          <>
            <ListTable<TCustomer>
              label="Klanten"
              columns={columns}
              getRowId={(row) => row.name}
              source={{ mode: 'client', queryKey: ['customers'], load }}
              defaultSort={{ field: 'name', direction: 'asc' }}
              {...props}
            />
            <LocationProbe />
          </>
        ),
      },
    ],
    path,
  );
  return { ...view, load };
}

const rowNames = () =>
  screen
    .getAllByRole('row')
    .map((row) => row.querySelector('[role="gridcell"][data-field="name"]')?.textContent)
    .filter(Boolean);

// The Data Grid renders slowly in happy-dom; user-event flows need more than the default 5 s.
describe('ListTable', { timeout: 30_000 }, () => {
  it('shows the first 25 rows and the footer in Dutch', async () => {
    renderList();
    expect(await screen.findByText('Klant 01')).toBeTruthy();
    expect(rowNames()).toHaveLength(25);
    expect(screen.getByText('1 - 25 van 60')).toBeTruthy();
  });

  it('names its loading bar while the rows load (axe: a progress bar needs a name)', async () => {
    let release: (rows: TCustomer[]) => void = () => undefined;
    renderList({ source: { mode: 'client', queryKey: ['customers-slow'], load: () => new Promise<TCustomer[]>((resolve) => (release = resolve)) } });
    const bar = await screen.findByRole('progressbar');
    expect(bar.getAttribute('aria-label')).toBe('Bezig met laden');
    await act(async () => release(customers));
    expect(await screen.findByText('Klant 01')).toBeTruthy();
  });

  it('reads page and search from the address', async () => {
    renderList({}, '/customers?page=2&search=utrecht#nodes');
    expect(await screen.findByText('Klant 26')).toBeTruthy();
    expect(screen.getByText('26 - 30 van 30')).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('searchbox', { name: 'Zoeken' }).value).toBe('utrecht');
  });

  it('keeps the next page in the address, with the hash', async () => {
    const user = userEvent.setup();
    renderList({}, '/customers#nodes');
    await screen.findByText('Klant 01');
    await user.click(screen.getByRole('button', { name: /volgende pagina|next page/i }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/customers?page=2#nodes'));
    expect(await screen.findByText('26 - 50 van 60')).toBeTruthy();
  });

  // The grid resets to the first page on every sort model change; a sort model that was a new
  // array on each render sent every list back to rows 1-25 (by the button and by the address).
  it('stays on the next page after the click (no reset by the grid)', async () => {
    const user = userEvent.setup();
    renderList();
    await screen.findByText('Klant 01');
    await user.click(screen.getByRole('button', { name: /volgende pagina|next page/i }));
    expect(await screen.findByText('Klant 26')).toBeTruthy();
    await act(() => new Promise((resolve) => setTimeout(resolve, 150)));
    expect(screen.getByTestId('location').textContent).toBe('/customers?page=2');
    expect(screen.getByText('26 - 50 van 60')).toBeTruthy();
    expect(rowNames()[0]).toBe('Klant 26');
    await user.click(screen.getByRole('button', { name: /volgende pagina|next page/i }));
    expect(await screen.findByText('Klant 51')).toBeTruthy();
    await act(() => new Promise((resolve) => setTimeout(resolve, 150)));
    expect(screen.getByTestId('location').textContent).toBe('/customers?page=3');
    expect(screen.getByText('51 - 60 van 60')).toBeTruthy();
  });

  it('stays on the page named in the address once the rows arrive', async () => {
    renderList({}, '/customers?page=2');
    expect(await screen.findByText('Klant 26')).toBeTruthy();
    await act(() => new Promise((resolve) => setTimeout(resolve, 150)));
    expect(screen.getByTestId('location').textContent).toBe('/customers?page=2');
    expect(rowNames()[0]).toBe('Klant 26');
    expect(screen.getByText('26 - 50 van 60')).toBeTruthy();
  });

  it('stays on the page in server mode while the page loads', async () => {
    const user = userEvent.setup();
    const load = vi.fn(async (query: TListQuery) => {
      await new Promise((resolve) => setTimeout(resolve, 30));
      return { rows: customers.slice(query.page * query.pageSize, (query.page + 1) * query.pageSize), total: 60 };
    });
    renderList({ source: { mode: 'server', queryKey: ['customers', 'server-wait'], load } }, '/customers?page=2');
    expect(await screen.findByText('Klant 26')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /volgende pagina|next page/i }));
    expect(await screen.findByText('Klant 51')).toBeTruthy();
    await act(() => new Promise((resolve) => setTimeout(resolve, 150)));
    expect(screen.getByTestId('location').textContent).toBe('/customers?page=3');
    expect(load).toHaveBeenLastCalledWith({ page: 2, pageSize: 25, search: '', sort: { field: 'name', direction: 'asc' } }, expect.anything());
  });

  it('a new sort starts on the first page', async () => {
    const user = userEvent.setup();
    renderList({}, '/customers?page=2');
    await screen.findByText('Klant 26');
    await user.click(screen.getByRole('columnheader', { name: /Plaats/ }).querySelector('.MuiDataGrid-columnHeaderTitleContainer') as HTMLElement);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/customers'));
    expect(await screen.findByText('1 - 25 van 60')).toBeTruthy();
  });

  it('puts a search in the address and starts on page 1', async () => {
    const user = userEvent.setup();
    renderList({}, '/customers?page=2');
    await screen.findByText('Klant 26');
    await user.type(screen.getByRole('searchbox', { name: 'Zoeken' }), 'delft');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/customers?search=delft'));
    expect(await screen.findByText('1 - 25 van 30')).toBeTruthy();
    expect(rowNames()[0]).toBe('Klant 31');
  });

  it('uses the rows per page stored for the route', async () => {
    window.sessionStorage.setItem(`${ROWS_PER_PAGE_STORAGE_PREFIX}customers`, '50');
    renderList();
    expect(await screen.findByText('1 - 50 van 60')).toBeTruthy();
  });

  it('refreshes on request', async () => {
    const user = userEvent.setup();
    const { load } = renderList();
    await screen.findByText('Klant 01');
    await user.click(screen.getByRole('button', { name: 'Vernieuwen' }));
    await waitFor(() => expect(load).toHaveBeenCalledTimes(2));
  });

  it('has no delete button without onDelete and no new button without a target', async () => {
    renderList();
    await screen.findByText('Klant 01');
    expect(screen.queryByRole('button', { name: 'Verwijderen' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Nieuw' })).toBeNull();
  });

  it('shows the new button as a link', async () => {
    renderList({ newTo: '/customers/new' });
    await screen.findByText('Klant 01');
    expect(screen.getByRole('link', { name: 'Nieuw' }).getAttribute('href')).toBe('/customers/new');
  });

  it('deletes the selected rows in parallel after confirmation, with one summary, then refreshes', async () => {
    const user = userEvent.setup();
    const onDelete = vi.fn(async (_row: TCustomer) => undefined);
    const { load } = renderList({ onDelete });
    await screen.findByText('Klant 01');
    const deleteButton = screen.getByRole<HTMLButtonElement>('button', { name: 'Verwijderen' });
    expect(deleteButton.disabled).toBe(true);

    const checkboxes = screen.getAllByRole('checkbox', { name: /select row|rij selecteren/i });
    await user.click(checkboxes[0]);
    await user.click(checkboxes[1]);
    expect(deleteButton.disabled).toBe(false);
    expect(screen.getAllByText('2 geselecteerd').length).toBeGreaterThan(0);

    await user.click(deleteButton);
    const dialog = await screen.findByRole('dialog');
    // The confirmation names what it deletes.
    expect(within(dialog).getByText('2 items verwijderen: Klant 01, Klant 02?')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Verwijderen' }));

    await waitFor(() => expect(onDelete).toHaveBeenCalledTimes(2));
    expect(onDelete.mock.calls.map(([row]) => row.name)).toEqual(['Klant 01', 'Klant 02']);
    expect(await screen.findByText('2 items verwijderd')).toBeTruthy();
    await waitFor(() => expect(load).toHaveBeenCalledTimes(2));
  });

  it('reports failed deletes in one error message', async () => {
    const user = userEvent.setup();
    const onDelete = vi.fn(async (row: TCustomer) => {
      if (row.name === 'Klant 02') throw new Error('conflict');
    });
    renderList({ onDelete, messages: { deleteFailed: 'table.deleteFailed' } });
    await screen.findByText('Klant 01');
    const checkboxes = screen.getAllByRole('checkbox', { name: /select row|rij selecteren/i });
    await user.click(checkboxes[0]);
    await user.click(checkboxes[1]);
    await user.click(screen.getByRole('button', { name: 'Verwijderen' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Verwijderen' }));
    expect(await screen.findByText('1 van 2 niet verwijderd')).toBeTruthy();
  });

  it('opens a row on click', async () => {
    const user = userEvent.setup();
    const onRowClick = vi.fn();
    renderList({ onRowClick });
    await user.click(await screen.findByText('Klant 03'));
    expect(onRowClick).toHaveBeenCalledWith(customers[2]);
  });

  it('opens a row on Enter in a focused cell', async () => {
    const user = userEvent.setup();
    const onRowClick = vi.fn();
    renderList({ onRowClick });
    const cell = (await screen.findByText('Klant 03')).closest<HTMLElement>('[role="gridcell"]')!;
    act(() => cell.focus());
    await user.keyboard('{Enter}');
    expect(onRowClick).toHaveBeenCalledWith(customers[2]);
  });

  it('expandable rows expand on their button and still open on a click', async () => {
    const user = userEvent.setup();
    const onRowClick = vi.fn();
    renderList({ onRowClick, renderExpanded: (row) => <p>Details van {row.name}</p> });
    await screen.findByText('Klant 01');
    const expandButtons = screen.getAllByRole('button', { name: 'Uitklappen' });
    await user.click(expandButtons[0]);
    expect(await screen.findByText('Details van Klant 01')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Inklappen' }).getAttribute('aria-expanded')).toBe('true');
    expect(onRowClick).not.toHaveBeenCalled();
    await user.click(screen.getByText('Klant 02'));
    expect(onRowClick).toHaveBeenCalledWith(customers[1]);
    expect(screen.queryByText('Details van Klant 02')).toBeNull();
    expect(screen.getByText('1 - 25 van 60')).toBeTruthy();
  });

  it('asks the server for one page in server mode', async () => {
    const load = vi.fn(async (query: TListQuery) => ({
      rows: customers.slice(query.page * query.pageSize, (query.page + 1) * query.pageSize),
      total: 120,
    }));
    renderList({ source: { mode: 'server', queryKey: ['customers', 'server'], load } }, '/customers?page=3&search=x');
    expect(await screen.findByText('51 - 75 van 120')).toBeTruthy();
    expect(load).toHaveBeenCalledWith({ page: 2, pageSize: 25, search: 'x', sort: { field: 'name', direction: 'asc' } }, expect.anything());
  });

  it('collapses refresh and delete into a menu on small screens; New stays a visible button', async () => {
    const user = userEvent.setup();
    renderList({ compactToolbar: true, newTo: '/customers/new', onDelete: async () => undefined });
    await screen.findByText('Klant 01');
    expect(screen.queryByRole('button', { name: 'Vernieuwen' })).toBeNull();
    expect(within(screen.getByRole('toolbar', { name: 'Acties' })).getByRole('link', { name: 'Nieuw' }).getAttribute('href')).toBe('/customers/new');
    await user.click(screen.getByRole('button', { name: 'Acties' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Vernieuwen' })).toBeTruthy();
    expect(within(menu).getByRole('menuitem', { name: 'Verwijderen' }).getAttribute('aria-disabled')).toBe('true');
    expect(within(menu).queryByRole('menuitem', { name: 'Nieuw' })).toBeNull();
    await act(async () => {});
  });
  it('a box too narrow for every column keeps the name and moves the rest into the expanded row', async () => {
    // happy-dom measures nothing: this box reports 200 px, room for the name only.
    class NarrowBox {
      constructor(private readonly callback: ResizeObserverCallback) {}
      observe(target: Element) {
        const size = [{ inlineSize: 200, blockSize: 600 }];
        const entry = { target, contentRect: { width: 200, height: 600, top: 0, left: 0 }, borderBoxSize: size, contentBoxSize: size, devicePixelContentBoxSize: size };
        this.callback([entry as unknown as ResizeObserverEntry], this);
      }
      disconnect() {}
      unobserve() {}
    }
    vi.stubGlobal('ResizeObserver', NarrowBox);
    try {
      const wide: TListColumn<TCustomer>[] = [
        { field: 'name', headerName: 'Naam', minWidth: 120, flex: 1 },
        { field: 'city', headerName: 'Plaats', minWidth: 120, flex: 1 },
      ];
      const opened: string[] = [];
      renderList({ columns: wide, onRowClick: (row) => opened.push(row.name) });
      expect(await screen.findByText('Klant 01')).toBeTruthy();
      expect(screen.queryByRole('columnheader', { name: 'Plaats' })).toBeNull();
      const user = userEvent.setup();
      await user.click(screen.getAllByRole('button', { name: 'Uitklappen' })[0]);
      const detail = await screen.findByText('Plaats');
      expect(detail.tagName).toBe('DT');
      expect(detail.nextElementSibling?.textContent).toBe('Utrecht');
      // A row still opens when clicked outside the button.
      await user.click(screen.getByText('Klant 02'));
      expect(opened).toEqual(['Klant 02']);
    } finally {
      vi.unstubAllGlobals();
    }
  });
  it('names one row, or the first three and how many more, in the delete confirmation', async () => {
    const user = userEvent.setup();
    renderList({ onDelete: async () => undefined, confirmOne: (row) => `Klant ${row.name} verwijderen?` });
    await screen.findByText('Klant 01');
    const checkboxes = screen.getAllByRole('checkbox', { name: /select row|rij selecteren/i });
    await user.click(checkboxes[0]);
    await user.click(screen.getByRole('button', { name: 'Verwijderen' }));
    expect(await screen.findByText('Klant Klant 01 verwijderen?')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Annuleren' }));
    for (const index of [1, 2, 3, 4]) await user.click(checkboxes[index]);
    await user.click(screen.getByRole('button', { name: 'Verwijderen' }));
    expect(await screen.findByText('5 items verwijderen: Klant 01, Klant 02, Klant 03 en 2 andere?')).toBeTruthy();
  });

  it('an empty list says what is missing and offers the add button; a search without results says so', async () => {
    const user = userEvent.setup();
    renderRoutes(
      [
        {
          path: '/customers',
          handle: { routeId: 'customers', pattern: '/customers', title: 'routes.customers' },
          element: (
            <ListTable<TCustomer>
              label="Klanten"
              columns={columns}
              getRowId={(row) => row.name}
              source={{ mode: 'client', queryKey: ['empty-customers'], load: async () => [] }}
              newTo="/customers/new"
              messages={{ empty: 'Er zijn nog geen klanten.' }}
            />
          ),
        },
      ],
      '/customers',
    );
    expect(await screen.findByText('Er zijn nog geen klanten.')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Nieuw' }).some((link) => link.getAttribute('href') === '/customers/new')).toBe(true);
    await user.type(screen.getByLabelText('Zoeken'), 'Delft{Enter}');
    expect(await screen.findByText('Niets gevonden voor "Delft".')).toBeTruthy();
  });

  describe('a failed load never looks like an empty list (docs/screens.md, "Lost connection")', () => {
    const offline = () => new HttpError(0, 'GET', '/api/v1/customers', null);

    it.each<[string, () => Error, string]>([
      ['no connection', offline, 'Geen verbinding'],
      ['a server error', () => new HttpError(500, 'GET', '/api/v1/customers', { key: 'errors.internal', message: 'boom' }), 'Er ging iets mis op de server'],
    ])('%s and no data: the failure where the grid would be, no empty text, no add button in it, no footer', async (_case, failure, text) => {
      const load = vi.fn(async (): Promise<TCustomer[]> => {
        throw failure();
      });
      renderList({ source: { mode: 'client', queryKey: ['customers-failing'], load }, newTo: '/customers/new', messages: { empty: 'Er zijn nog geen klanten.' } });
      const notice = await screen.findByTestId('query-failure');
      expect(notice.textContent).toContain(text);
      expect(notice.className).toContain('MuiAlert-colorError');
      expect(screen.queryByRole('grid')).toBeNull();
      expect(screen.queryByText('Er zijn nog geen klanten.')).toBeNull();
      expect(screen.queryByText(/van 0/)).toBeNull();
      expect(within(notice).queryByRole('link', { name: 'Nieuw' })).toBeNull();
      expect(within(notice).getByRole('button', { name: 'Opnieuw proberen' })).toBeTruthy();
    });

    it('a refresh that fails keeps the rows, with "Geen verbinding" and the time they are from', async () => {
      const user = userEvent.setup();
      let reachable = true;
      const load = vi.fn(async () => {
        if (!reachable) throw offline();
        return customers;
      });
      const { queryClient } = renderList({ source: { mode: 'client', queryKey: ['customers-cut'], load } });
      expect(await screen.findByText('Klant 01')).toBeTruthy();
      const loadedAt = queryClient.getQueryState(['customers-cut'])?.dataUpdatedAt ?? 0;
      reachable = false;
      await user.click(screen.getByRole('button', { name: 'Vernieuwen' }));
      const notice = await screen.findByTestId('query-failure');
      const time = new Date(loadedAt).toTimeString().slice(0, 5);
      expect(notice.textContent).toContain(`Geen verbinding — bijgewerkt om ${time}`);
      expect(notice.className).toContain('MuiAlert-colorWarning');
      expect(screen.getByText('Klant 01')).toBeTruthy();
      expect(screen.getByText('1 - 25 van 60')).toBeTruthy();
      reachable = true;
      await user.click(within(notice).getByRole('button', { name: 'Opnieuw proberen' }));
      await waitFor(() => expect(screen.queryByTestId('query-failure')).toBeNull());
    });
  });
});
