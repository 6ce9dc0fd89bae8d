import { Delta } from 'quill';
import { useEffect, useState } from 'react';
import ReactQuill from 'react-quill-new';
import 'react-quill-new/dist/quill.snow.css';
import './quill-editor.scss';

export type QuillEditorProps = {
  id: string;
  labelId: string;
  describedBy?: string;
  value: string;
  onChange: (html: string) => void;
  invalid?: boolean;
  /** The link button is offered on the news form (spec 2.5). */
  withLink?: boolean;
};

/** Spec 2.5's toolbar: lists, alignment, bold/italic/underline, colours, blockquote, indent, RTL, clean (+ link). */
const toolbar = (withLink: boolean) => [
  [{ list: 'ordered' }, { list: 'bullet' }],
  [{ align: [] }],
  ['bold', 'italic', 'underline'],
  [{ color: [] }, { background: [] }],
  ['blockquote'],
  [{ indent: '-1' }, { indent: '+1' }],
  [{ direction: 'rtl' }],
  withLink ? ['link', 'clean'] : ['clean'],
];

const COLOUR = /^(#[0-9a-f]{3,8}|rgba?\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(,\s*(0|1|0?\.\d+)\s*)?\)|[a-z]{3,20})$/i;

/**
 * The CSP forbids inline style attributes, so Quill cannot read a stored item's colours from them: the
 * HTML handed to the editor carries them as `data-style`, and this clipboard matcher turns them back
 * into Quill's colour formats (which Quill then applies through the CSSOM, as the CSP allows).
 */
function matchColours(node: Node, delta: Delta): Delta {
  if (!(node instanceof HTMLElement) || !node.dataset.style) return delta;
  const attributes: Record<string, string> = {};
  for (const declaration of node.dataset.style.split(';')) {
    const [property = '', ...rest] = declaration.split(':');
    const value = rest.join(':').trim();
    if (!COLOUR.test(value)) continue;
    if (property.trim().toLowerCase() === 'color') attributes.color = value;
    if (property.trim().toLowerCase() === 'background-color') attributes.background = value;
  }
  return Object.keys(attributes).length ? delta.compose(new Delta().retain(delta.length(), attributes)) : delta;
}

export function toEditorHtml(html: string): string {
  return html.replace(/(<[^>]*\s)style=/gi, '$1data-style=');
}

const clipboard = { matchers: [[Node.ELEMENT_NODE, matchColours]] };
// Quill's default Tab inserts a tab character, so a keyboard user could never leave the editor (WCAG
// 2.1.2): without that binding Tab moves focus on. Tab at a list's start still indents (the toolbar too).
const keyboard = { bindings: { tab: null } };
// Stable objects: Quill reads its modules once, and a new object each render would rebuild the editor.
const MODULES = { withLink: { toolbar: toolbar(true), clipboard, keyboard }, withoutLink: { toolbar: toolbar(false), clipboard, keyboard } };

const FORMATS = ['list', 'align', 'bold', 'italic', 'underline', 'color', 'background', 'blockquote', 'indent', 'direction', 'link', 'image'];

/** Spanish names for Quill's controls, which come unnamed or in English (axe: every control has a name). */
const BUTTON_LABELS: [string, string][] = [
  ['button.ql-bold', 'Negrita'],
  ['button.ql-italic', 'Cursiva'],
  ['button.ql-underline', 'Subrayado'],
  ['button.ql-blockquote', 'Cita'],
  ['button.ql-list[value="ordered"]', 'Lista numerada'],
  ['button.ql-list[value="bullet"]', 'Lista con viñetas'],
  ['button.ql-indent[value="-1"]', 'Reducir sangría'],
  ['button.ql-indent[value="+1"]', 'Aumentar sangría'],
  ['button.ql-direction', 'Texto de derecha a izquierda'],
  ['button.ql-link', 'Insertar enlace'],
  ['button.ql-clean', 'Quitar formato'],
  ['.ql-align .ql-picker-label', 'Alineación'],
  ['.ql-color .ql-picker-label', 'Color del texto'],
  ['.ql-background .ql-picker-label', 'Color de fondo'],
];
const ALIGN_LABELS: Record<string, string> = { '': 'Alinear a la izquierda', center: 'Centrar', right: 'Alinear a la derecha', justify: 'Justificar' };

function labelControls(root: HTMLElement) {
  for (const [selector, label] of BUTTON_LABELS) {
    for (const element of root.querySelectorAll(selector)) element.setAttribute('aria-label', label);
  }
  for (const item of root.querySelectorAll<HTMLElement>('.ql-align .ql-picker-item')) {
    item.setAttribute('aria-label', ALIGN_LABELS[item.dataset.value ?? ''] ?? 'Alineación');
  }
  for (const [picker, what] of [['ql-color', 'Texto'], ['ql-background', 'Fondo']] as const) {
    for (const item of root.querySelectorAll<HTMLElement>(`.${picker} .ql-picker-item`)) {
      item.setAttribute('aria-label', `${what}: ${item.dataset.value ?? 'predeterminado'}`);
    }
  }
  for (const input of root.querySelectorAll('.ql-tooltip input')) {
    input.setAttribute('aria-label', 'Dirección del enlace');
    // Quill copies the placeholder from data-link each time the tooltip opens; its own is quilljs.com.
    input.setAttribute('data-link', 'https://www.ejemplo.gob.ar');
  }
  // The link box's Editar/Guardar and Quitar are anchors without href, out of the Tab order: make them
  // buttons a keyboard reaches (pressKeyboardButtons turns Enter and Space into Quill's clicks).
  for (const action of root.querySelectorAll('.ql-tooltip a.ql-action, .ql-tooltip a.ql-remove')) {
    action.setAttribute('role', 'button');
    action.setAttribute('tabindex', '0');
  }
}

/** Enter or Space on one of the link box's anchor-buttons does what a click does. */
function pressKeyboardButtons(event: KeyboardEvent) {
  if (event.key !== 'Enter' && event.key !== ' ') return;
  const target = event.target;
  if (!(target instanceof HTMLElement) || !target.matches('.ql-tooltip a.ql-action, .ql-tooltip a.ql-remove')) return;
  event.preventDefault();
  target.click();
}

/** Quill 2 through react-quill-new; loaded only by the cm pages that edit news (never by a public page). */
export default function QuillEditor({ id, labelId, describedBy, value, onChange, invalid, withLink = true }: QuillEditorProps) {
  // The wrapper is also Quill's `bounds`: the link tooltip is kept inside the editor rather than the page
  // (on a phone it stuck out past the form). Quill reads bounds once, so it mounts once the wrapper exists.
  const [root, setRoot] = useState<HTMLDivElement | null>(null);
  // Uncontrolled after mount: the first value goes in once (colours as data-style), edits come out by onChange.
  const [initial] = useState(() => toEditorHtml(value));

  useEffect(() => {
    if (!root) return;
    root.addEventListener('keydown', pressKeyboardButtons);
    return () => root.removeEventListener('keydown', pressKeyboardButtons);
  }, [root]);

  useEffect(() => {
    if (!root) return;
    labelControls(root);
    const editor = root.querySelector<HTMLElement>('.ql-editor');
    if (editor) {
      editor.id = id;
      editor.setAttribute('role', 'textbox');
      editor.setAttribute('aria-multiline', 'true');
      editor.setAttribute('aria-labelledby', labelId);
      if (describedBy) editor.setAttribute('aria-describedby', describedBy);
      else editor.removeAttribute('aria-describedby');
      editor.setAttribute('aria-invalid', String(!!invalid));
    }
  }, [root, id, labelId, describedBy, invalid]);

  return (
    <div ref={setRoot} className={`content-editor${invalid ? ' is-invalid' : ''}`}>
      {root && (
        <ReactQuill theme="snow" bounds={root} defaultValue={initial} onChange={onChange} modules={withLink ? MODULES.withLink : MODULES.withoutLink} formats={FORMATS} />
      )}
    </div>
  );
}
