"""Text fits its item, in a real browser; mixed into the Suite of browser_tests.py.

On every screen at both sizes, inside each item (`[data-item-id]`): no two of its texts cover each other, and
none is cut off by a box that clips it unless the design chose to show the cut (`text-overflow: ellipsis`,
`-webkit-line-clamp`). The server's frames only say where items go (test_layout_conformance holds the page to
them); what an item's CSS does with a long name, a narrow phone or an extra button is what this measures."""

# browser_tests.SIZES: that module imports this one, so this one cannot import it.
SIZES = [(390, 844), (1280, 800)]

# Run in the page; answers one [item id, kind, texts...] per problem. Lengths are CSS pixels.
#
# A text is an element with a non-whitespace text node of its own, or a control (button, link, field) that
# is not the item's own clickable `.item-body`. A plain text's region is its text's line fragments
# (Range.getClientRects): its element's box in a flex row or a block is often far wider than what it shows,
# and only the glyphs can be covered. A control's region, and that of a text painting a background or border
# (a badge such as "Following"), is its border box: the box itself hides what lies under it.
FIT = r"""
const SLACK = 1;
const CONTROL = 'button, a[href], [role=button], input, textarea, select';
const clips = (overflow) => overflow !== 'visible';
const own = (e) => [...e.childNodes].filter((n) => n.nodeType === 3 && n.data.trim());
const words = (s) => s.replace(/\s+/g, ' ').trim().slice(0, 60);
const label = (e) => words(e.matches('input, textarea') ? e.value || e.placeholder : e.textContent);
const clear = (color) => color === 'transparent' || /(, |\/ )0\)$/.test(color);

// Not shown: not rendered (display, visibility, a closed details or dialog), of no size, or visually hidden:
// the class, or the same 1 px clipping box a rule gives without it (an emoji's name in a narrow cell).
function hidden(e, item) {
  if (!e.checkVisibility({checkVisibilityCSS: true})) return true;
  const box = e.getBoundingClientRect();
  if (box.width < 0.5 || box.height < 0.5) return true;
  for (let a = e; a && a !== item.parentElement; a = a.parentElement) {
    if (a.classList.contains('visually-hidden')) return true;
    const r = a.getBoundingClientRect();
    if (r.width <= 1 && r.height <= 1 && clips(getComputedStyle(a).overflowX)) return true;
  }
  return false;
}

// What `e` clips, per axis: its padding box. Overflow does not apply to an inline box.
function clipper(e) {
  const style = getComputedStyle(e);
  const x = clips(style.overflowX), y = clips(style.overflowY);
  if (!(x || y) || ['inline', 'contents'].includes(style.display)) return null;
  const r = e.getBoundingClientRect(), l = r.left + e.clientLeft, t = r.top + e.clientTop;
  return {element: e, x, y, box: {l, t, r: l + e.clientWidth, b: t + e.clientHeight}};
}

function clippers(e, stop) {
  const out = [];
  for (let a = e; a && a !== stop; a = a.parentElement) out.push(clipper(a));
  return out.filter(Boolean);
}

// A text's line fragments. Vertically a line's inline box is its line-height centred on the font's content
// area: where line-height is tighter (1.2 in a two-line row), stacked lines' content areas overlap by design.
function fragments(e) {
  const lineHeight = parseFloat(getComputedStyle(e).lineHeight);
  const out = [];
  for (const node of own(e)) {
    const range = document.createRange();
    range.setStart(node, node.data.search(/\S/));
    range.setEnd(node, node.data.trimEnd().length);
    for (const r of range.getClientRects()) {
      if (r.width < 0.5) continue;
      const half = Math.min(r.height, lineHeight || r.height) / 2, middle = (r.top + r.bottom) / 2;
      out.push({l: r.left, r: r.right, t: middle - half, b: middle + half});
    }
  }
  return out;
}

function cut(rects, by) {
  return rects.map((r) => ({l: by.x ? Math.max(r.l, by.box.l) : r.l, r: by.x ? Math.min(r.r, by.box.r) : r.r,
    t: by.y ? Math.max(r.t, by.box.t) : r.t, b: by.y ? Math.min(r.b, by.box.b) : r.b}))
    .filter((r) => r.r - r.l > 0 && r.b - r.t > 0);
}

const beyond = (r, box, axis) => axis === 'x' ? r.l < box.l - SLACK || r.r > box.r + SLACK
  : r.t < box.t - SLACK || r.b > box.b + SLACK;

const problems = [];
for (const item of document.querySelectorAll('[data-item-id]')) {
  const id = item.dataset.itemId;
  const texts = [];
  for (const e of item.querySelectorAll('*')) {
    const body = e.classList.contains('item-body');
    if (!((e.matches(CONTROL) && !body) || own(e).length) || hidden(e, item)) continue;
    const style = getComputedStyle(e);
    const paints = !clear(style.backgroundColor) || style.backgroundImage !== 'none'
      || ['Top', 'Right', 'Bottom', 'Left'].some((side) => parseFloat(style[`border${side}Width`]) > 0);
    const boxed = !body && (e.matches(CONTROL) || paints);
    texts.push({e, boxed, chain: clippers(e, item.parentElement),
      rects: boxed ? [...e.getClientRects()].map((r) => ({l: r.left, r: r.right, t: r.top, b: r.bottom}))
        : fragments(e),
      text: boxed ? label(e) : words(own(e).map((n) => n.data).join(' '))});
  }
  // What a text shows: its region less what the item's clipping boxes hide (all of them, or those inside `stop`).
  const shown = (t, stop) => t.chain.filter((c) => !stop || (c.element !== stop && stop.contains(c.element)))
    .reduce(cut, t.rects);

  // Overlap: two texts, neither a box around the other, whose shown parts cross by more than SLACK both ways.
  for (let i = 0; i < texts.length; i++) {
    for (let j = i + 1; j < texts.length; j++) {
      const [a, b] = [texts[i], texts[j]];
      if ((a.boxed && a.e.contains(b.e)) || (b.boxed && b.e.contains(a.e))) continue;
      if (shown(a).some((p) => shown(b).some((q) => Math.min(p.r, q.r) - Math.max(p.l, q.l) > SLACK
        && Math.min(p.b, q.b) - Math.max(p.t, q.t) > SLACK))) problems.push([id, 'overlap', a.text, b.text]);
    }
  }

  // Clipped: a box of the item that clips, with content past its padding box: its scroll size less its end
  // padding (which the scroll size counts but which hides nothing), or a text past its edge (content centred
  // in a flex box spills at the start too, which no scroll size counts). The sideways rows' `.items` are not
  // items: they scroll on purpose. An ellipsis shows the cut in the inline axis, a line clamp in both.
  for (const c of [item, ...item.querySelectorAll('*')].map(clipper).filter(Boolean)) {
    const e = c.element, style = getComputedStyle(e);
    if (hidden(e, item) || style.webkitLineClamp !== 'none') continue;
    const past = (axis) => texts.filter((t) => e.contains(t.e) && shown(t, e).some((r) => beyond(r, c.box, axis)))
      .map((t) => t.text);
    const x = c.x && style.textOverflow !== 'ellipsis'
      && (e.scrollWidth - parseFloat(style.paddingInlineEnd) > e.clientWidth + SLACK || past('x').length);
    const y = c.y && (e.scrollHeight - parseFloat(style.paddingBlockEnd) > e.clientHeight + SLACK || past('y').length);
    for (const [axis, over] of [['x', x], ['y', y]]) {
      const lost = over ? past(axis) : [];
      if (over) problems.push([id, `clipped ${axis === 'x' ? 'sideways' : 'vertically'} by .${e.className}`,
        ...(lost.length ? lost : [label(e)])]);
    }
  }

  // Spilled: a text reaching past its item's box where an ancestor of the item clips (a sideways row does).
  const outer = clippers(item.parentElement, null);
  const r = item.getBoundingClientRect(), box = {l: r.left, r: r.right, t: r.top, b: r.bottom};
  for (const t of texts) {
    if (['x', 'y'].some((axis) => outer.some((c) => c[axis]) && shown(t).some((p) => beyond(p, box, axis)))) {
      problems.push([id, 'spills out of its item', t.text]);
    }
  }
}
return problems;
"""


class LayoutFitTests:
    def test_no_text_overlaps_or_is_clipped(self):
        problems = []
        for width, height in SIZES:
            self.resize(width, height)
            for name, (page, _) in self.page_paths().items():
                # The whole emoji picker is 3,655 buttons; a search shows the same kinds of item.
                self.open(page + ("&q=face" if name == "emoji" else ""))
                self.script("return document.fonts.ready.then(() => true)")
                for item, kind, *texts in self.script(FIT):
                    problems.append(f"{name} {width}x{height} {item}: {kind}: " + " / ".join(map(repr, texts)))
        self.resize(*SIZES[1])
        assert not problems, f"{len(problems)} texts overlap or are clipped:\n      " + "\n      ".join(problems)
