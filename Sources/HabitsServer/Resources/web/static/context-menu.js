// Context menus, as the course app's collection views offer them: a right-click, a long press or the
// keyboard's menu key (Shift+F10) on an item with `menu` actions lists those actions (Favorite, Follow,
// their opposites, Undo…) in a menu at the pointer. An entry runs the item's own menu control, so a
// request, its pending state and its refusal notice are the same as a click on the control itself.
// Items without menu actions keep the browser's own menu.

const LONG_PRESS_MS = 500;
// A finger that moves farther than this is scrolling, not pressing.
const LONG_PRESS_SLOP = 10;

let open;

/// Listens on `root` (the screen's element) for the three ways of asking for a menu.
export function installContextMenus(root) {
  root.addEventListener('contextmenu', (event) => {
    const item = menuItem(event.target);
    if (!item) return;
    event.preventDefault();
    show(item, { x: event.clientX, y: event.clientY }, event.button === -1 || event.detail === 0);
  });
  root.addEventListener('keydown', (event) => {
    if (!(event.key === 'ContextMenu' || (event.key === 'F10' && event.shiftKey))) return;
    const item = menuItem(event.target);
    if (!item) return;
    event.preventDefault();
    const box = item.getBoundingClientRect();
    show(item, { x: box.left + 12, y: box.top + Math.min(box.height, 44) }, true);
  });
  installLongPress(root);
  document.addEventListener('pointerdown', (event) => {
    if (open && !open.menu.contains(event.target)) close({ restoreFocus: false });
  }, true);
  addEventListener('resize', () => close({ restoreFocus: false }));
  addEventListener('scroll', () => close({ restoreFocus: false }), true);
}

// Touch screens without a native contextmenu event (Safari on iOS): a still press of half a second.
function installLongPress(root) {
  let timer;
  let start;
  const cancel = () => { clearTimeout(timer); timer = undefined; };
  root.addEventListener('pointerdown', (event) => {
    if (event.pointerType !== 'touch') return;
    const item = menuItem(event.target);
    if (!item) return;
    start = { x: event.clientX, y: event.clientY };
    cancel();
    timer = setTimeout(() => {
      timer = undefined;
      if (!open) show(item, start, false);
    }, LONG_PRESS_MS);
  });
  root.addEventListener('pointermove', (event) => {
    if (timer && Math.hypot(event.clientX - start.x, event.clientY - start.y) > LONG_PRESS_SLOP) cancel();
  });
  root.addEventListener('pointerup', cancel);
  root.addEventListener('pointercancel', cancel);
}

// The item under `target` when it has menu actions and the target is not itself a field being typed in.
function menuItem(target) {
  if (target.closest('input, textarea, select, .context-menu')) return null;
  const item = target.closest('.item[data-item-id]');
  return item && controls(item).length ? item : null;
}

function controls(item) {
  return [...item.querySelectorAll(':scope > .item-menu > .menu-action')];
}

function show(item, point, fromKeyboard) {
  close({ restoreFocus: false });
  const returnFocus = document.activeElement;
  const menu = document.createElement('div');
  menu.className = 'context-menu';
  menu.setAttribute('role', 'menu');
  const name = item.querySelector('.item-body')?.getAttribute('aria-label') || item.dataset.itemId;
  menu.setAttribute('aria-label', `Actions for ${name}`);
  for (const control of controls(item)) {
    const entry = document.createElement('button');
    entry.type = 'button';
    entry.setAttribute('role', 'menuitem');
    entry.tabIndex = -1;
    entry.textContent = control.textContent;
    entry.addEventListener('click', () => {
      close({ restoreFocus: true });
      control.click();
    });
    menu.append(entry);
  }
  menu.addEventListener('keydown', onMenuKey);
  document.body.append(menu);
  // Inside the window, whatever the point: a menu near the right or bottom edge opens towards the middle.
  const { width, height } = menu.getBoundingClientRect();
  menu.style.left = `${Math.max(4, Math.min(point.x, innerWidth - width - 4))}px`;
  menu.style.top = `${Math.max(4, Math.min(point.y, innerHeight - height - 4))}px`;
  open = { menu, item, returnFocus };
  entries()[0]?.focus({ preventScroll: true });
  if (!fromKeyboard) menu.classList.add('from-pointer');
}

function entries() { return open ? [...open.menu.querySelectorAll('[role="menuitem"]')] : []; }

function onMenuKey(event) {
  const all = entries();
  const index = all.indexOf(document.activeElement);
  const move = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: all.length - 1 }[event.key];
  if (move !== undefined) {
    event.preventDefault();
    all[(move + all.length) % all.length]?.focus();
  } else if (event.key === 'Escape') {
    event.preventDefault();
    close({ restoreFocus: true });
  } else if (event.key === 'Tab') {
    close({ restoreFocus: true });
  }
}

/// Closes the open menu, if any, giving the focus back to where it was when asked.
export function close({ restoreFocus }) {
  if (!open) return;
  const { menu, returnFocus } = open;
  open = undefined;
  menu.remove();
  if (restoreFocus && returnFocus?.isConnected) returnFocus.focus({ preventScroll: true });
}
