// Habits web client. Pages are rendered on the server; this module keeps the open screen live by
// applying each changeset's stages to the DOM (deletes, inserts, moves, updates), keeps the scroll
// position of the page and of every sideways section, and performs item actions.
import { installContextMenus } from './context-menu.js';
import { formRequest, isFormSubmit, resetForm, updateShownFields } from './form.js';
import { installWriteQueue, sendWrite } from './writes.js';

const main = document.getElementById('screen');
const reducedMotion = matchMedia('(prefers-reduced-motion: reduce)');

// The query string of the parameters the page shows (a transition changes it without a reload).
let shownQuery = location.search.slice(1);
let liveEvents;

if (main) {
  connect();
  installWriteQueue();
  showLatestDays();
  document.addEventListener('click', onClick);
  installContextMenus(main);
  updateShownFields(main);
  document.addEventListener('change', (event) => {
    if (event.target.closest('.form-field')) updateShownFields(main);
  });
  // Enter in a form's text field sends the form, as it would in a <form>.
  main.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter' || !event.target.matches('.form-field input:not([type=checkbox])')) return;
    event.preventDefault();
    event.target.closest('.screen-section')?.querySelector('.item-formSubmit button.item-body')?.click();
  });
  document.addEventListener('input', onInput);
  document.addEventListener('submit', onSubmit);
  addEventListener('popstate', () => transitionTo(location.href, { record: false }));
  const picker = document.getElementById('viewer-picker');
  picker?.addEventListener('change', () => picker.form.requestSubmit());
}

// `since` is the revision the page shows; a resync asks for a revision the server never held, so
// that it answers with the whole document.
function connect(since = main.dataset.revision) {
  const url = new URL(main.dataset.events, location.href);
  url.searchParams.set('since', since);
  liveEvents?.close();
  const events = new EventSource(url);
  liveEvents = events;
  const resync = (reason) => {
    console.error(`habits: ${reason}; asking for the whole screen again`);
    events.close();
    connect('resync');
  };
  events.addEventListener('document', (event) => {
    const payload = JSON.parse(event.data);
    if (payload.revision !== main.dataset.revision || since === 'resync') showDocument(payload);
  });
  events.addEventListener('changes', (event) => {
    const payload = JSON.parse(event.data);
    if (payload.changeset.from !== main.dataset.revision) {
      resync(`changes from ${payload.changeset.from} while the page shows ${main.dataset.revision}`);
      return;
    }
    try {
      applyChanges(payload);
      main.dataset.revision = payload.changeset.revision;
    } catch (error) {
      resync(`a change could not be applied (${error})`);
    }
  });
  events.addEventListener('gone', () => {
    events.close();
    showNotice('This screen no longer exists.');
  });
}

// Replaces every section, keeping the scroll position and the answers the viewer opened.
function showDocument(payload) {
  const open = openItems();
  keepingScroll(() => { sectionsRoot().innerHTML = payload.html; });
  for (const id of open) main.querySelector(`[data-item-id="${CSS.escape(id)}"] details`)?.setAttribute('open', '');
  setTitle(payload.title);
  main.dataset.revision = payload.revision;
  updateShownFields(main);
}

function openItems() {
  return [...main.querySelectorAll('[data-item-id] details[open]')]
    .map((details) => details.closest('[data-item-id]').dataset.itemId);
}

// ---- Transitions: the same screen with other parameters ----

// Asks the server for the change from the parameters shown to those of `url`, applies it as a live
// change (so a filter or a search animates), then follows the new parameters' stream.
async function transitionTo(url, { record = true, replace = false } = {}) {
  const target = new URL(url, location.href);
  const request = new URL(`${target.pathname.replace(/\/$/, '')}/transition`, location.href);
  target.searchParams.forEach((value, key) => request.searchParams.append(key, value));
  request.searchParams.set('from', shownQuery);
  request.searchParams.set('since', main.dataset.revision);
  // No live change may land between the revision asked from and the answer applied.
  liveEvents?.close();
  let answer;
  try {
    const response = await fetch(request, { headers: { Accept: 'application/json' } });
    if (!response.ok) {
      let message = `The server refused (${response.status}).`;
      try { message = (await response.json()).error.message; } catch { /* keep the status */ }
      showNotice(message);
      connect();
      return;
    }
    answer = await response.json();
  } catch {
    showNotice('The server cannot be reached. Try again in a moment.');
    connect();
    return;
  }
  if (answer.event === 'changes') {
    applyChanges(answer.data);
    main.dataset.revision = answer.data.changeset.revision;
  } else {
    showDocument(answer.data);
  }
  shownQuery = target.search.slice(1);
  if (record) history[replace ? 'replaceState' : 'pushState'](null, '', target);
  main.dataset.events = `${target.pathname.replace(/\/$/, '')}/live${target.search}`;
  connect();
}

function isSameScreen(url) {
  return url.origin === location.origin && url.pathname === location.pathname && url.pathname !== '/';
}

let searchTimer;
function onInput(event) {
  const input = event.target.closest('.search-input');
  if (!input) return;
  clearTimeout(searchTimer);
  searchTimer = setTimeout(() => searchFor(input), 200);
}

function onSubmit(event) {
  const search = event.target.closest('form.search');
  if (search) {
    event.preventDefault();
    clearTimeout(searchTimer);
    searchFor(search.querySelector('.search-input'));
    return;
  }
  const contact = event.target.closest('form.contact-form');
  if (contact) {
    event.preventDefault();
    sendQuestion(contact);
  }
}

function searchFor(input) {
  const target = new URL(location.href);
  const text = input.value.trim();
  if (text) target.searchParams.set(input.name, text); else target.searchParams.delete(input.name);
  if (target.search !== location.search) transitionTo(target, { replace: true });
}

// ---- The contact form ----

async function sendQuestion(form) {
  const holder = form.closest('.item-form');
  const field = form.querySelector('textarea');
  const error = form.querySelector('.contact-error');
  const text = field.value.trim();
  const fail = (message) => { error.textContent = message; error.hidden = false; field.focus(); };
  if (!text) { fail("The question can't be empty."); return; }
  const body = { ...JSON.parse(holder.dataset.body || '{}'), [field.name]: text };
  const send = form.querySelector('.contact-send');
  send.disabled = true;
  try {
    const response = await sendWrite(holder.dataset.path, holder.dataset.method, JSON.stringify(body));
    if (!response.ok) {
      let message = `The server refused (${response.status}).`;
      try { message = (await response.json()).error.message; } catch { /* keep the status */ }
      fail(message);
      return;
    }
    error.hidden = true;
    field.value = '';
    form.closest('dialog').close();
    showNotice('Thank you. Your question was sent; it is listed under the questions.', { polite: true });
  } catch {
    fail('The server cannot be reached. Try again in a moment.');
  } finally {
    send.disabled = false;
  }
}

// ---- Applying a changeset ----

function sectionsRoot() { return main.querySelector('.sections'); }
function sectionElements() { return [...sectionsRoot().children].filter((e) => e.dataset.sectionId); }
function itemsElement(section) { return section.querySelector(':scope > .items'); }
function itemElements(section) { return [...itemsElement(section).children].filter((e) => e.dataset.itemId); }
function fromHTML(html) {
  const template = document.createElement('template');
  template.innerHTML = html.trim();
  return template.content.firstElementChild;
}

function applyChanges({ changeset, items, sections }) {
  keepingScroll(() => {
    for (const stage of changeset.stages) applyStage(stage, items, sections);
  });
  if (changeset.title) setTitle(changeset.title);
  updateShownFields(main);
}

// One stage is one batch update: deletes and updates name old positions, inserts and move targets
// new ones. Identity is the id, so the new order is computed by id and the DOM is then arranged to
// it, sliding what moved and fading what came or went.
function applyStage(stage, itemHTML, sectionHTML) {
  const oldSections = sectionElements();
  const before = new Map([...main.querySelectorAll('[data-item-id]')].map((e) => [e, e.getBoundingClientRect()]));

  for (const update of stage.itemUpdates ?? []) {
    const element = main.querySelector(`[data-item-id="${CSS.escape(update.value.id)}"]`);
    const html = itemHTML[update.value.id];
    // A field being typed in keeps its text and caret: what the viewer types is newer than the server's.
    if (element?.contains(document.activeElement) && document.activeElement.matches('input, textarea')) continue;
    if (element && html) {
      const replacement = fromHTML(html);
      // An open answer stays open: expanding is the viewer's own.
      if (element.querySelector('details[open]')) replacement.querySelector('details')?.setAttribute('open', '');
      element.replaceWith(replacement);
      before.set(replacement, before.get(element));
      flash(replacement);
    }
  }
  const leaving = [];
  for (const remove of stage.itemDeletes ?? []) {
    const element = itemElements(oldSections[remove.section]).find((e) => e.dataset.itemId === remove.id);
    if (element) leaving.push(element);
  }
  for (const remove of stage.sectionDeletes ?? []) {
    const element = oldSections[remove.index];
    if (element) leaving.push(element);
  }
  for (const reload of stage.sectionReloads ?? []) {
    const element = oldSections.find((e) => e.dataset.sectionId === reload.section.id);
    const html = sectionHTML[reload.section.id];
    if (element && html) reloadSection(element, fromHTML(html));
  }

  // The new order of sections.
  const deletedSections = new Set((stage.sectionDeletes ?? []).map((d) => d.id));
  const placedSections = new Map();
  for (const insert of stage.sectionInserts ?? []) placedSections.set(insert.index, insert.section.id);
  for (const move of stage.sectionMoves ?? []) placedSections.set(move.to, move.id);
  const movedSections = new Set((stage.sectionMoves ?? []).map((m) => m.id));
  const keptSections = oldSections.map((e) => e.dataset.sectionId)
    .filter((id) => !deletedSections.has(id) && !movedSections.has(id));
  const sectionOrder = fill(oldSections.length - deletedSections.size + (stage.sectionInserts ?? []).length,
    placedSections, keptSections);
  const sectionByID = new Map(oldSections.map((e) => [e.dataset.sectionId, e]));
  for (const insert of stage.sectionInserts ?? []) {
    const html = sectionHTML[insert.section.id];
    if (html) sectionByID.set(insert.section.id, fromHTML(html));
  }

  // The new order of items in every section.
  const itemByID = new Map();
  for (const section of oldSections) for (const item of itemElements(section)) itemByID.set(item.dataset.itemId, item);
  const deletedItems = new Set((stage.itemDeletes ?? []).map((d) => d.id));
  const movedItems = new Set((stage.itemMoves ?? []).map((m) => m.id));
  const placedItems = new Map();
  const place = (section, index, id) => {
    if (!placedItems.has(section)) placedItems.set(section, new Map());
    placedItems.get(section).set(index, id);
  };
  for (const insert of stage.itemInserts ?? []) {
    place(insert.section, insert.item, insert.value.id);
    const html = itemHTML[insert.value.id];
    if (html) {
      const element = fromHTML(html);
      element.classList.add('entering');
      itemByID.set(insert.value.id, element);
    }
  }
  for (const move of stage.itemMoves ?? []) place(move.to.section, move.to.item, move.id);

  const root = sectionsRoot();
  for (const leavingElement of leaving) fadeOut(leavingElement);
  sectionOrder.forEach((id, newIndex) => {
    const section = sectionByID.get(id);
    if (!section) return;
    root.appendChild(section);
    const old = oldSections.includes(section) ? itemElements(section) : [];
    const kept = old.map((e) => e.dataset.itemId).filter((i) => !deletedItems.has(i) && !movedItems.has(i));
    const placed = placedItems.get(newIndex) ?? new Map();
    const order = fill(kept.length + placed.size, placed, kept);
    const container = itemsElement(section);
    for (const itemID of order) {
      const element = itemByID.get(itemID);
      if (element) container.appendChild(element);
    }
  });
  for (const [element, rect] of before) slide(element, rect);
}

// Positions given in `placed` (index → id) hold their ids; the others take `rest` in order.
function fill(count, placed, rest) {
  const order = [];
  let next = 0;
  for (let index = 0; index < count; index += 1) {
    if (placed.has(index)) order.push(placed.get(index));
    else if (next < rest.length) order.push(rest[next++]);
  }
  while (next < rest.length) order.push(rest[next++]);
  return order;
}

function reloadSection(element, replacement) {
  const oldHeader = element.querySelector(':scope > .section-header');
  const newHeader = replacement.querySelector(':scope > .section-header');
  if (oldHeader && newHeader) oldHeader.replaceWith(newHeader);
  else if (newHeader) element.prepend(newHeader);
  else oldHeader?.remove();
  itemsElement(element).setAttribute('style', itemsElement(replacement).getAttribute('style') ?? '');
  itemsElement(element).className = itemsElement(replacement).className;
  element.className = replacement.className;
}

// ---- Motion ----

function slide(element, rect) {
  if (reducedMotion.matches || !rect || !element.isConnected || element.classList.contains('entering')) return;
  const now = element.getBoundingClientRect();
  const dx = rect.left - now.left;
  const dy = rect.top - now.top;
  if (Math.abs(dx) < 1 && Math.abs(dy) < 1) return;
  element.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: 'none' }],
    { duration: 250, easing: 'ease-out' });
}

function fadeOut(element) {
  if (reducedMotion.matches || !element.parentElement) { element.remove(); return; }
  // The leaving element keeps its place on screen but no longer takes a cell of the layout.
  const parent = element.parentElement;
  const box = element.getBoundingClientRect();
  const origin = parent.getBoundingClientRect();
  element.removeAttribute('data-item-id');
  element.removeAttribute('data-section-id');
  element.inert = true;
  Object.assign(element.style, {
    position: 'absolute', margin: '0', left: `${box.left - origin.left + parent.scrollLeft}px`,
    top: `${box.top - origin.top + parent.scrollTop}px`, width: `${box.width}px`, height: `${box.height}px`,
  });
  element.classList.add('leaving');
  setTimeout(() => element.remove(), 220);
}

function flash(element) {
  if (reducedMotion.matches) return;
  element.classList.add('changed');
  setTimeout(() => element.classList.remove('changed'), 700);
}

// The page's scroll position and every sideways section's, kept across a change of the DOM.
function keepingScroll(change) {
  const pageY = window.scrollY;
  const sideways = new Map(sectionElements().map((s) => [s.dataset.sectionId, itemsElement(s)?.scrollLeft ?? 0]));
  change();
  for (const section of sectionElements()) {
    const left = sideways.get(section.dataset.sectionId);
    const items = itemsElement(section);
    if (left !== undefined && items) items.scrollLeft = left;
    else if (section.dataset.sectionId === 'year') showLatestDays();
  }
  window.scrollTo({ top: pageY, behavior: 'instant' });
}

// A habit's year heatmap runs oldest to newest: it opens on today's end, as a contribution graph does.
function showLatestDays() {
  const year = main.querySelector('.screen-section[data-section-id="year"] .items');
  if (year) year.scrollLeft = year.scrollWidth;
}

function setTitle(title) {
  main.querySelector('h1').textContent = title;
  document.title = `${title} · Habits`;
}

// ---- Actions ----

async function onClick(event) {
  const back = event.target.closest('[data-back]');
  if (back && history.length > 1 && document.referrer.startsWith(location.origin)) {
    event.preventDefault();
    history.back();
    return;
  }
  const link = event.target.closest('.item a[href]');
  if (link && !event.metaKey && !event.ctrlKey && !event.shiftKey && isSameScreen(new URL(link.href))) {
    event.preventDefault();
    transitionTo(link.href);
    return;
  }
  const opener = event.target.closest('.contact-open');
  if (opener) {
    opener.closest('.item').querySelector('dialog')?.showModal();
    return;
  }
  const cancel = event.target.closest('.contact-cancel');
  if (cancel) {
    cancel.closest('dialog')?.close();
    return;
  }
  const button = event.target.closest('button[data-method]');
  if (!button) {
    const future = event.target.closest('.item-calendarDay')?.querySelector('.day.future');
    if (future) showNotice("Can't mark a day in the future");
    return;
  }
  event.preventDefault();
  const form = isFormSubmit(button) ? formRequest(button, main) : null;
  if (form?.problem) {
    showNotice(form.problem);
    form.focus?.focus();
    return;
  }
  button.classList.add('pending');
  button.setAttribute('aria-busy', 'true');
  try {
    const response = await sendWrite(
      button.dataset.path, button.dataset.method, form ? form.body : button.dataset.body || undefined);
    if (response.status === 202 && response.statusText === 'Queued') {
      hideNotice();
    } else if (!response.ok) {
      let message = `The server refused (${response.status}).`;
      try { message = (await response.json()).error.message; } catch { /* keep the status */ }
      showNotice(message);
    } else if (form) {
      formSent(button);
    } else {
      hideNotice();
    }
  } catch {
    showNotice('The server cannot be reached. Try again in a moment.');
  } finally {
    button.classList.remove('pending');
    button.removeAttribute('aria-busy');
  }
}

// A form's request succeeded: open the screen it names, or start the form again, and say it is done.
function formSent(button) {
  const submit = button.querySelector('.submit-title');
  if (submit?.dataset.next) transitionTo(new URL(submit.dataset.next, location.href).href);
  else resetForm(main);
  showNotice(submit?.dataset.done || 'Done.', { polite: true });
}

let noticeTimer;
function showNotice(message, { polite = false } = {}) {
  const notice = main.querySelector('.notice');
  notice.classList.toggle('polite', polite);
  notice.textContent = message;
  notice.hidden = false;
  clearTimeout(noticeTimer);
  noticeTimer = setTimeout(hideNotice, 6000);
}

function hideNotice() {
  const notice = main.querySelector('.notice');
  if (notice) notice.hidden = true;
}
