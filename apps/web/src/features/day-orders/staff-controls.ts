import { can, DAY_ORDER_MESSAGES, PANEL_BY_ROLE, type Role } from '@concejo/contracts';
import { element } from '../../enhance/dom';
import { all, listen } from '../../enhance/enhancer';
import { goTo } from '../../enhance/navigate';
import { showToast } from '../../enhance/toasts';
import { ApiError } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { clearSession } from '../../lib/session';
import { deleteDayOrder } from './api/delete-day-order';
import { confirmDeleteMessage, deleteLabel, RELOAD_AFTER_DELETE_MS } from './deletion';

const TITLE_ID = 'delete-day-order-title';
const MESSAGE_ID = 'delete-day-order-message';

/**
 * The confirmation of spec 2.3 ('Confirmar Eliminación'), as the panel's ConfirmModal shows it, in a
 * native <dialog>: modal, Escape closes it, the focus starts on Cancelar (Enter never deletes by
 * accident) and goes back to the row's button when it closes.
 */
function confirmDialog() {
  const message = element('p', { id: MESSAGE_ID, class: 'mb-0' });
  const close = element('button', { type: 'button', class: 'btn-close', 'aria-label': 'Cerrar' });
  const cancel = element('button', { type: 'button', class: 'btn btn-outline-dark' }, 'Cancelar');
  const confirm = element('button', { type: 'button', class: 'btn btn-danger' }, 'Eliminar');
  const dialog = element(
    'dialog',
    { class: 'confirm-dialog', 'aria-labelledby': TITLE_ID, 'aria-describedby': MESSAGE_ID },
    element(
      'div',
      { class: 'modal-content' },
      element('div', { class: 'modal-header' }, element('h2', { id: TITLE_ID, class: 'modal-title h5' }, DAY_ORDER_MESSAGES.confirmDeleteTitle), close),
      element('div', { class: 'modal-body' }, message),
      element('div', { class: 'modal-footer' }, cancel, confirm),
    ),
  );
  document.body.append(dialog);
  const setPending = (pending: boolean) => {
    confirm.disabled = pending;
    confirm.setAttribute('aria-busy', String(pending));
    confirm.replaceChildren(...(pending ? [element('span', { class: 'spinner-border spinner-border-sm me-2', 'aria-hidden': 'true' })] : []), 'Eliminar');
  };
  let onConfirm = () => {};
  const cleanup = all([
    listen(close, 'click', () => dialog.close()),
    listen(cancel, 'click', () => dialog.close()),
    listen(confirm, 'click', () => onConfirm()),
    () => dialog.remove(),
  ]);
  return {
    ask(of: string, action: () => Promise<void>) {
      message.textContent = confirmDeleteMessage(of);
      setPending(false);
      onConfirm = () => {
        setPending(true);
        void action().finally(() => dialog.close());
      };
      dialog.showModal();
      cancel.focus();
    },
    cleanup,
  };
}

/** Deletes one agenda; the page reloads 1.5 s after the message (spec 4), so the list is the server's again. */
async function deleteAgenda(id: number): Promise<void> {
  try {
    await deleteDayOrder(id);
    showToast('success', DAY_ORDER_MESSAGES.deleted);
    window.setTimeout(() => window.location.reload(), RELOAD_AFTER_DELETE_MS);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      // The login ended (expired, or closed elsewhere): log in again, as anywhere in the panels.
      clearSession();
      goTo(paths.login.getHref());
      return;
    }
    showToast('error', DAY_ORDER_MESSAGES.deleteError);
  }
}

/**
 * What /ver-orden-dia offers the staff who manage agendas (spec 2.3), on the page the server rendered
 * for everyone: admin and asesor get the button to their panel's builder, the admin a delete button per
 * row. `list` is DayOrdersList's markup: its header (data-list-header), its table and each row's
 * data-day-order and data-of. Answers how to take them away again (a logout in another tab).
 */
export function addStaffControls(list: HTMLElement, role: Role): () => void {
  const added: Element[] = [];
  const cleanups: (() => void)[] = [];
  const panel = PANEL_BY_ROLE[role];
  const header = list.querySelector('[data-list-header]');
  if (panel && header && can(role, 'dayOrders.create')) {
    added.push(element('a', { class: 'btn btn-primary', href: paths.panel.dayOrderCreate.getHref(panel) }, 'Cargar orden del día'));
    header.append(added.at(-1)!);
  }
  const headRow = list.querySelector('thead tr');
  const rows = [...list.querySelectorAll<HTMLTableRowElement>('tbody tr[data-day-order]')];
  if (headRow && can(role, 'dayOrders.delete')) {
    const dialog = confirmDialog();
    cleanups.push(dialog.cleanup);
    added.push(element('th', { scope: 'col' }, 'Acciones'));
    headRow.append(added.at(-1)!);
    for (const row of rows) {
      const id = Number(row.dataset.dayOrder);
      const of = row.dataset.of ?? '';
      const button = element('button', { type: 'button', class: 'btn btn-outline-danger btn-sm', 'aria-label': deleteLabel(of) }, 'Eliminar');
      added.push(element('td', {}, button));
      row.append(added.at(-1)!);
      cleanups.push(listen(button, 'click', () => dialog.ask(of, () => deleteAgenda(id))));
    }
  }
  return () => {
    all(cleanups)();
    for (const node of added) node.remove();
  };
}
