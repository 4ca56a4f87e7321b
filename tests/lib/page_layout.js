// Measures the page Chromium laid out, for tests/page/test_page_layout.sh: the
// test copies the page with this script appended (the page itself has no
// script), Chromium runs it and dumps the DOM, and the test reads the
// pre element (id layout-report) it leaves, one finding per line:
//   viewport W              the layout viewport's width in CSS pixels
//   outside: WHAT           an element reaching past the viewport's left or
//                           right edge, not inside a box that scrolls
//   cut: WHAT               a table cell or a plot reaching past the edge of
//                           the box it scrolls in, when that box shows no
//                           scroll cue (a shadow: a gradient background)
//   text-overlap: A | B     two text boxes of one SVG overlapping
//   mark-overlap: A | B     a point mark overlapping another mark or a text
//   clipped: WHERE: A       a text or point mark of an SVG reaching past the
//                           SVG's own box (its viewBox cuts it off)
//   covered: WHAT           a sticky cell of a table whose borders collapse
//                           that paints its background over them (Chromium
//                           then draws none of that cell's borders)
//   small-text: WHERE: A (N px)  on a viewport of 40rem or less (a phone), a
//                           text of an SVG (or a part of one in a size of its
//                           own: a superscript) drawn under 10 px high, its
//                           font size times the SVG's scale
//   decimals: TEXT          a number shown with more than four decimals
// Every <details> is opened first, so what it holds is measured too.
(function () {
  const out = [];
  const vw = document.documentElement.clientWidth;
  out.push('viewport ' + vw);
  document.querySelectorAll('details').forEach(d => { d.open = true; });
  const name = el => el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') +
    (el.className && typeof el.className === 'string' ? '.' + el.className.split(' ').join('.') : '') +
    ' "' + (el.textContent || '').trim().slice(0, 40).replace(/\s+/g, ' ') + '"';
  const scrolls = el => {
    for (let p = el.parentElement; p; p = p.parentElement) {
      const o = getComputedStyle(p).overflowX;
      if (o === 'auto' || o === 'scroll' || o === 'hidden') return p !== document.documentElement && p !== document.body;
    }
    return false;
  };
  let outside = 0;
  for (const el of document.body.querySelectorAll('*')) {
    if (el.closest('svg') && el.tagName.toLowerCase() !== 'svg') continue;
    const r = el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;
    if ((r.right > vw + 0.5 || r.left < -0.5) && !scrolls(el)) {
      if (outside++ < 20) out.push('outside: ' + name(el) + ' [' + Math.round(r.left) + ',' + Math.round(r.right) + ']');
    }
  }
  // a cell or plot cut at the edge of its scroll box: the box must show a cue
  const scrollBox = el => {
    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
      const o = getComputedStyle(p).overflowX;
      if (o === 'auto' || o === 'scroll' || o === 'hidden') return p;
    }
    return null;
  };
  let cut = 0;
  for (const el of document.body.querySelectorAll('td,th,svg')) {
    const box = scrollBox(el);
    if (!box) continue;
    const r = el.getBoundingClientRect(), b = box.getBoundingClientRect();
    if (r.width === 0 || (r.right <= b.right + 0.5 && r.left >= b.left - 0.5)) continue;
    if (/gradient/.test(getComputedStyle(box).backgroundImage)) continue;
    if (cut++ < 20) out.push('cut: ' + name(el) + ' [' + Math.round(r.left) + ',' + Math.round(r.right) + '] in ' +
                             Math.round(b.left) + ',' + Math.round(b.right));
  }
  let covered = 0;
  for (const el of document.body.querySelectorAll('td,th')) {
    const s = getComputedStyle(el);
    if (s.position !== 'sticky' || getComputedStyle(el.closest('table')).borderCollapse !== 'collapse') continue;
    if (s.backgroundColor !== 'rgba(0, 0, 0, 0)' && s.backgroundClip !== 'padding-box' && covered++ < 20)
      out.push('covered: ' + name(el));
  }
  const overlap = (a, b, pad) => a.left + pad < b.right && b.left + pad < a.right &&
    a.top + pad < b.bottom && b.top + pad < a.bottom;
  document.querySelectorAll('svg').forEach((svg, k) => {
    const fig = svg.closest('figure');
    const where = fig && fig.id ? fig.id : 'svg' + k;
    const texts = [...svg.querySelectorAll('text')].filter(t => t.textContent.trim() !== '')
      .map(t => ({ el: t, r: t.getBoundingClientRect(), s: t.textContent.trim() }));
    const marks = [...svg.querySelectorAll('use')].filter(u => !u.closest('defs'))
      .map(u => ({ el: u, r: u.getBoundingClientRect(), s: 'mark ' + (u.getAttribute('xlink:href') || u.getAttribute('href')) }))
      .filter(m => m.r.width > 0);
    for (let i = 0; i < texts.length; i++)
      for (let j = i + 1; j < texts.length; j++)
        if (overlap(texts[i].r, texts[j].r, 0.5))
          out.push('text-overlap: ' + where + ': ' + texts[i].s + ' | ' + texts[j].s);
    for (let i = 0; i < marks.length; i++) {
      for (let j = i + 1; j < marks.length; j++)
        if (overlap(marks[i].r, marks[j].r, 0.5))
          out.push('mark-overlap: ' + where + ': ' + marks[i].s + ' @' + Math.round(marks[i].r.left) + ',' +
                   Math.round(marks[i].r.top) + ' | ' + marks[j].s + ' @' + Math.round(marks[j].r.left) + ',' + Math.round(marks[j].r.top));
      for (const t of texts)
        if (overlap(marks[i].r, t.r, 0.5))
          out.push('mark-overlap: ' + where + ': ' + marks[i].s + ' | text ' + t.s);
    }
    if (vw <= 40 * parseFloat(getComputedStyle(document.documentElement).fontSize))
      for (const t of svg.querySelectorAll('text,tspan')) {
        // the text it draws in its own size (a text of tspans draws none)
        const own = [...t.childNodes].filter(n => n.nodeType === Node.TEXT_NODE).map(n => n.nodeValue).join('').trim();
        if (!own) continue;
        const m = t.getScreenCTM(), px = parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b);
        if (px < 10 - 0.005) out.push('small-text: ' + where + ': ' + own.slice(0, 40) + ' (' + px.toFixed(1) + ' px)');
      }
    const box = svg.getBoundingClientRect();
    for (const t of texts.map(t => ({r: t.r, s: 'text ' + t.s})).concat(marks))
      if (t.r.left < box.left - 0.5 || t.r.right > box.right + 0.5 || t.r.top < box.top - 0.5 || t.r.bottom > box.bottom + 0.5)
        out.push('clipped: ' + where + ': ' + t.s);
  });
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const m = n.nodeValue.match(/\d+\.\d{5,}/);
    if (m && !n.parentElement.closest('title,style,script')) out.push('decimals: ' + m[0]);
  }
  const pre = document.createElement('pre');
  pre.id = 'layout-report';
  pre.textContent = out.join('\n') + '\n';
  (window.parent && window.parent !== window ? window.parent.document.body : document.body).appendChild(pre);
})();
