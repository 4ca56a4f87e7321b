// Drives the page's lab for tests/test_page_lab.sh: the test copies the page
// with this script (given the page's nonce) and a JSON list of questions
// (id test-questions) appended; Chromium runs it and dumps the DOM, and the
// test reads the pre element (id test-report) it leaves:
//   === NAME          then the rows as the page has them (JSON, as export)
// A question with "address" is asked as a link would: the page's address
// set to it (#sql=... or #members=...&channel=...), the answer read from
// the page; one without, through the engine directly (isolabLab.raw). One
// with "download" runs its sql, then clicks the download button and leaves
// the bytes it would save, in base64. One with "list" waits until the query
// box's list has counted every saved query's rows (at most 60 s), then
// leaves its entries, one a line. One with "plot" (frontier or
// marginal) opens #members=...&channel=... and reads the rows back from that
// plot of the questions panel: each value a mark's place stands for, through
// the axis's tick labels (a mark misplaced reads as a fraction), the rest
// from its data-* and its text, written in export's JSON layout.
(async function () {
  const out = [], report = document.createElement('pre');
  report.id = 'test-report';
  const hash = h => new Promise(done => {
    addEventListener('hashchange', () => setTimeout(done, 0), {once: true});
    location.hash = h;
  });
  const shown = sel => {
    const pre = document.querySelector(sel + ' pre.lab-json');
    if (pre) return pre.textContent;
    const box = document.querySelector(sel + ' .lab-result');
    return box && box.textContent === 'No rows.' ? '[]\n' : 'ERROR ' + (box ? box.textContent : 'no answer');
  };
  const axis = (svg, a) => {
    const t = [...svg.querySelectorAll('g.ticks text[data-axis="' + a + '"]')]
      .map(e => ({v: parseFloat(e.textContent), at: parseFloat(e.getAttribute(a))}));
    const p = t[0], q = t[t.length - 1];
    return at => p.v + (at - p.at) * (q.v - p.v) / (q.at - p.at);
  };
  const whole = v => Math.abs(v - Math.round(v)) < 0.01 ? Math.round(v) + 0 : v;
  const layout = rows => rows.length ? '[\n' + rows.map(r => '  {' + Object.keys(r).map(k => JSON.stringify(k) + ': ' +
    (typeof r[k] === 'string' ? JSON.stringify(r[k]) : String(r[k]))).join(', ') + '}').join(',\n') + '\n]\n' : '[]\n';
  const plotted = which => {
    const svg = document.querySelector('#lab-' + which + '-plot svg');
    if (!svg) return 'ERROR no ' + which + ' plot';
    const X = axis(svg, 'x');
    if (which === 'frontier') {
      const Y = axis(svg, 'y');
      return layout([...svg.querySelectorAll('g.marks use:not(.list)')].map(u => {
        const m = /^translate\(([-\d.]+),([-\d.]+)\)$/.exec(u.getAttribute('transform'));
        return {size: whole(X(+m[1])), open_surface: whole(Y(+m[2])), bundles: +u.dataset.bundles, members: u.dataset.members};
      }));
    }
    return layout([...svg.querySelectorAll('g.bars > g')].map(g => {
      // a bar runs from zero to its delta: the end that is not at zero
      const r = g.querySelector('rect'), x = +r.getAttribute('x'), a = X(x), b = X(x + +r.getAttribute('width'));
      const delta = whole(Math.abs(a) > Math.abs(b) ? a : b), shown = g.querySelector('text.value').textContent;
      return {mechanism: g.querySelector('text.name').textContent, in_bundle: +g.dataset.inBundle,
              open_surface: +g.dataset.openSurface,
              delta: shown === (delta > 0 ? '+' : '') + delta ? delta : 'drawn ' + delta + ', labelled ' + shown};
    }));
  };
  document.body.appendChild(report);
  try {
    await window.isolabLab.ready;
    for (const q of JSON.parse(document.getElementById('test-questions').textContent)) {
      let text;
      if (q.list) {
        const entries = () => [...document.querySelectorAll('#lab-query select option')].slice(1).map(o => o.textContent);
        for (let i = 0; i < 600 && !entries().every(t => / \(\d+ rows?\)$/.test(t)); i++)
          await new Promise(done => setTimeout(done, 100));
        text = entries().join('\n') + '\n';
      } else if (q.download) {
        // what the student added (q.sql), then the bytes the page's download
        // link would save: the Blob it is made from, caught at createObjectURL
        const added = JSON.parse(window.isolabLab.raw(q.sql));
        let blob = null;
        const made = URL.createObjectURL;
        URL.createObjectURL = b => { blob = b; return made.call(URL, b); };
        [...document.querySelectorAll('#lab button')].find(b => b.textContent === 'Download the database').click();
        URL.createObjectURL = made;
        const u = new Uint8Array(await blob.arrayBuffer());
        let bin = '';
        for (let i = 0; i < u.length; i += 8192) bin += String.fromCharCode.apply(null, u.subarray(i, i + 8192));
        text = (added.error ? 'ERROR ' + added.error + '\n' : '') + btoa(bin) + '\n';
      } else if (q.plot) {
        const h = '#members=' + encodeURIComponent(q.members) + '&channel=' + encodeURIComponent(q.channel);
        if (location.hash !== h) await hash(h);
        text = plotted(q.plot);
      } else if (q.members !== undefined) {
        await hash('#members=' + encodeURIComponent(q.members) + '&channel=' + encodeURIComponent(q.channel));
        text = shown('#lab-whatif');
      } else if (q.address) {
        await hash('#sql=' + encodeURIComponent(q.sql));
        text = shown('#lab-answer');
      } else {
        const raw = window.isolabLab.raw(q.sql, q.budget), r = JSON.parse(raw);
        text = r.error ? 'ERROR ' + r.error : raw.slice(raw.indexOf('"rows": ') + 8, raw.length - 1);
      }
      out.push('=== ' + q.name + '\n' + text);
      report.textContent = out.join(''); // what is done so far, should Chromium stop early
    }
  } catch (e) {
    out.push('=== driver\nERROR ' + e.message);
  }
  report.textContent = out.join('');
})();
