// Server-driven forms: a screen's `formField` items and its `formSubmit` button. The button's request
// carries what the form does not ask (its action's body); every shown field adds its value under its
// name, a dotted name nesting (`schedule.kind` → {"schedule": {"kind": …}}). A field whose `shownWhen`
// is not met is hidden and left out.

/// Whether `button` sends a form.
export function isFormSubmit(button) {
  return button.closest('.item-formSubmit') !== null;
}

/// The JSON body of the form `button` sends, or a problem to tell the viewer (and the field to focus). A form
/// is its section: the fields beside the button, not those of another form on the same screen.
export function formRequest(button, root) {
  const body = JSON.parse(button.dataset.body || '{}');
  const form = button.closest('.screen-section') ?? root;
  for (const field of form.querySelectorAll('.form-field')) {
    if (field.closest('.item')?.hidden) continue;
    const value = fieldValue(field);
    if (value === undefined) {
      if ('required' in field.dataset) {
        const label = field.querySelector('.field-label')?.textContent ?? field.dataset.field;
        return { problem: `${label} is needed.`, focus: field.querySelector('input, select') };
      }
      continue;
    }
    place(body, field.dataset.field.split('.'), value);
  }
  return { body: JSON.stringify(body) };
}

// A field's value as the body holds it; undefined when empty (left out), null when empty and clearable.
function fieldValue(field) {
  const kind = field.dataset.kind;
  if (kind === 'toggles') {
    const on = [...field.querySelectorAll('input[type=checkbox]:checked')].map((box) => box.value);
    return on.length ? on : undefined;
  }
  const input = field.querySelector('input, select');
  const text = (input?.value ?? '').trim();
  if (!text) return 'clearable' in field.dataset ? null : undefined;
  if (kind === 'number' || (kind === 'choice' && 'integer' in field.dataset)) {
    const number = Number(text);
    return Number.isInteger(number) ? number : text;
  }
  return text;
}

function place(body, path, value) {
  let holder = body;
  for (const key of path.slice(0, -1)) {
    if (typeof holder[key] !== 'object' || holder[key] === null) holder[key] = {};
    holder = holder[key];
  }
  holder[path[path.length - 1]] = value;
}

/// Shows each field whose condition holds and hides the others.
export function updateShownFields(root) {
  for (const field of root.querySelectorAll('.form-field[data-shown-field]')) {
    const control = root.querySelector(`.form-field[data-field="${CSS.escape(field.dataset.shownField)}"]`);
    const value = control ? String(fieldValue(control) ?? '') : '';
    const item = field.closest('.item');
    if (item) item.hidden = !field.dataset.shownValues.split(',').includes(value);
  }
}

/// Every field back to what the document gave it.
export function resetForm(root) {
  for (const input of root.querySelectorAll('.form-field input, .form-field select')) {
    if (input.type === 'checkbox') input.checked = input.defaultChecked;
    else if (input.tagName === 'SELECT') for (const option of input.options) option.selected = option.defaultSelected;
    else input.value = input.defaultValue;
  }
  updateShownFields(root);
}
