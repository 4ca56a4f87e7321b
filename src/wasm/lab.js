// isolab's lab in the page: the page's own script (isolab page puts it after
// the engine's loader, isolab-sql.js, in one script element its
// Content-Security-Policy allows). It inflates the engine and the database
// from the page's data blocks (gzip, base 85), opens the database in the
// engine (src/wasm/glue.c: SQLite and isolab's SQL functions) and builds the
// lab: a what-if panel, the questions, a query box, a download of the
// database; an address #sql=SQL or #members=LIST&channel=C runs that
// question. Every value is put in the page as text (textContent), never as
// markup; nothing is fetched. With scripts off none of this exists.
// The engine runs in a Web Worker made from this same script element's text
// (a blob: URL, the one thing the policy lets a worker come from), so the
// page answers while a query runs, and Stop ends the worker and starts
// another on the database as the last query that wrote left it.
(function () {
  'use strict';
  var BUDGET = 200000; // thousands of SQLite steps a query may take
  var LINK_BUDGET = 5000; // the same for SQL from the page's address
  if (typeof document === 'undefined') return engineSide(); // inside the worker
  var SOURCE = document.currentScript.textContent; // the loader and this script
  var views = [], questionViews = {}, mechs = [], bundleNames = [], channels = [], focus = [];
  // the what-if: the list it started from and the toggles after it (items
  // of a member list: m or -m), the members as the engine reads the list,
  // and the what-if kept to compare with (A)
  var state = {base: '', changes: [], members: '', channel: '', order: [], on: {}, surface: null, compare: null,
               note: ''};

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = String(text);
    return e;
  }
  function add(parent) {
    for (var i = 1; i < arguments.length; i++) parent.appendChild(arguments[i]);
    return parent;
  }
  function lit(s) { return "'" + String(s).replace(/'/g, "''") + "'"; }

  // The bytes of a data block: its text in base 85 (DIGITS, the same as
  // src/cli/page_lab.c's: each 5 digits 4 bytes, big endian; a last group
  // of k + 1 digits k bytes), then gunzipped.
  var DIGITS = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-:+=^!/*?,;_()[]{}@%$#';
  function base85(text) {
    var value = new Uint8Array(128), n = text.length, rest = n % 5;
    for (var i = 0; i < 85; i++) value[DIGITS.charCodeAt(i)] = i;
    var u = new Uint8Array((n - rest) / 5 * 4 + (rest ? rest - 1 : 0));
    for (var g = 0, o = 0; g < n; g += 5) {
      var v = 0;
      for (var k = 0; k < 5; k++) v = v * 85 + (g + k < n ? value[text.charCodeAt(g + k)] : 84);
      for (k = 0; k < 4 && o < u.length; k++) u[o++] = v / Math.pow(256, 3 - k) & 255;
    }
    return u;
  }
  async function inflate(id) {
    var u = base85(document.getElementById(id).textContent.replace(/\s+/g, ''));
    var s = new Blob([u]).stream().pipeThrough(new DecompressionStream('gzip'));
    return new Uint8Array(await new Response(s).arrayBuffer());
  }

  // ---- the engine, in its worker ------------------------------------------
  // Each call a message {id, op, ...}; the worker answers each in turn with
  // {id, ...}. While any is unanswered a clock ticks (the query box shows
  // how long its query has run, and a Stop button).
  var engine = null, calls = {}, nextId = 1, ticker = null, began = 0;
  var wasmBytes = null, original = null, snapshot = null; // the database as opened, as last written
  var kept = {wrote: 0, refused: []}; // what the page's statements did to it
  function startEngine() {
    engine = new Worker(URL.createObjectURL(new Blob([SOURCE], {type: 'text/javascript'})));
    engine.onmessage = function (e) {
      var c = calls[e.data.id];
      if (!c) return;
      delete calls[e.data.id];
      settle();
      c.done(e.data);
    };
    engine.onerror = function (e) {
      e.preventDefault();
      end('the engine failed: ' + (e.message || 'an error'));
    };
    return call({op: 'open', wasm: wasmBytes, db: original, current: snapshot});
  }
  function call(msg, shown) {
    return new Promise(function (done) {
      msg.id = nextId++;
      calls[msg.id] = {done: done, shown: !!shown};
      engine.postMessage(msg);
      if (!ticker) began = performance.now(), ticker = setInterval(tick, 100);
      tick();
    });
  }
  function settle() {
    if (Object.keys(calls).length || !ticker) return;
    clearInterval(ticker);
    ticker = null;
    tick();
  }
  function tick() {
    if (!ui.running) return;
    var shown = Object.keys(calls).some(function (k) { return calls[k].shown; });
    ui.running.hidden = !shown;
    if (shown) ui.clock.textContent = 'Running: ' + ((performance.now() - began) / 1000).toFixed(1) + ' s ';
  }
  // Ends the worker: every call unanswered gets why as its error; a new
  // worker opens the database as the last query that wrote left it.
  function end(why) {
    engine.terminate();
    var c = calls;
    calls = {};
    settle();
    Object.keys(c).forEach(function (k) { c[k].done({id: +k, text: JSON.stringify({error: why})}); });
    return startEngine().then(function (r) {
      if (r.rc) ui.res.appendChild(el('p', 'lab-error', 'The lab\u2019s engine could not start again: ' +
                                      (r.text ? JSON.parse(r.text).error : 'SQLite error ' + r.rc) + '. Reload the page.'));
      else if (r.lost) {
        snapshot = null, kept = {wrote: 0, refused: []}, keep();
        ui.res.appendChild(el('p', 'lab-error', 'The copy as changed in the page could not be opened again (' + r.lost +
                                                '): the lab starts again from the database the page carries.'));
      }
    });
  }

  // The engine's answer to sql, as its text: {"wrote": N, "statement": S,
  // "columns": [...], "heads": [...], "shown": [...], "rows": ROWS} (S: the
  // one read-only statement run, quoted for a shell; heads: each column's
  // label and unit, shown: each cell as the page's tables write it, by the
  // label rule for object's columns, a status in the lesson tables' words
  // when words is set, isl_wasm_label; ROWS as isolab export --format json
  // --sql S writes them, statuses as stored) or
  // {"wrote": N, "error": MESSAGE}, with "limit" ("budget", "length") when a
  // limit ended it and "unrun_line", "unrun" when a link's statement was left
  // unrun (src/wasm/glue.c). A query that wrote leaves the database's image
  // (kept for Stop and the download) and what would make isolab refuse it.
  function raw(sql, budget, link, shown, object, words) {
    return call({op: 'query', sql: sql, budget: budget || BUDGET, link: !!link, object: object || '', words: !!words},
                shown).then(function (r) {
      if (r.image) snapshot = r.image, kept.wrote += r.wrote, kept.refused = r.refused, keep();
      return r.text;
    });
  }
  function query(sql, budget, link, shown, object, words) {
    return raw(sql, budget, link, shown, object, words).then(function (text) {
      var r = JSON.parse(text), i = text.indexOf('"rows": ');
      r.json = i < 0 ? '' : text.slice(i + 8, text.length - 1);
      return r;
    });
  }
  function rows(sql) {
    return query(sql).then(function (r) {
      if (r.error) throw new Error(r.error);
      return r.rows;
    });
  }
  // what the page is doing (a route, a what-if): idle() waits until it is done
  var tasks = 0, waiting = [];
  function task(p) {
    tasks++;
    return p.finally(function () {
      if (!--tasks) waiting.splice(0).forEach(function (f) { f(); });
    });
  }
  function idle() {
    return new Promise(function (done) { if (tasks) waiting.push(done); else done(); });
  }

  // A text cell as the page's tables put one (page_table.c's put_words): a
  // name holding '-', '/' or '.' kept on one line, a list "a,b" free to
  // break after each comma; the cell's text stays the value.
  function words(td, s) {
    s.split(' ').forEach(function (w, i) {
      if (i) td.appendChild(document.createTextNode(' '));
      var items = w.split(',');
      items.forEach(function (item, k) {
        if (item.length > 1 && /[-\/.]/.test(item)) td.appendChild(el('span', 'nw', item));
        else if (item) td.appendChild(document.createTextNode(item));
        if (k === items.length - 1) return;
        if (k + 2 === items.length && !items[k + 1]) td.appendChild(document.createTextNode(','));
        else add(td, el('span', 'sep', ','), el('wbr'));
      });
    });
  }

  // A result as the page's tables show one: the engine's labels, units and
  // cells (numbers rounded by the command line's rule), statuses marked as
  // page_table.c marks them (at most SHOWN rows: more would keep the page
  // busy laying them out), a row whose 'changed' column is set marked too;
  // then the rows as JSON, as export prints them (all), and the command
  // that prints them so when the engine names the one statement they are of.
  var SHOWN = 1000;
  function table(r, caption) {
    var box = el('div', 'lab-result');
    if (r.error) return add(box, el('p', 'lab-error', r.error));
    if (!r.rows.length) return add(box, el('p', 'note', 'No rows.'));
    if (caption) add(box, el('p', 'cap', caption));
    var t = el('table'), head = el('tr'), body = el('tbody');
    var heads = r.columns.map(function (c, i) { return r.heads && r.heads[i][0] !== null ? r.heads[i][0] : c.replace(/_/g, ' '); });
    r.columns.forEach(function (c, i) {
      var th = el('th', null, heads[i]);
      th.scope = 'col';
      if (r.heads && r.heads[i][1]) add(th, document.createTextNode(' '), el('span', 'unit', '(' + r.heads[i][1] + ')'));
      head.appendChild(th);
    });
    r.rows.slice(0, SHOWN).forEach(function (row, k) {
      var tr = el('tr');
      r.columns.forEach(function (c, i) {
        var v = row[r.keys[i]], td = el('td'); // a name twice has a key of its own (a:1)
        var shown = r.shown && r.shown[k][i] !== null ? r.shown[k][i] : v;
        td.setAttribute('data-label', heads[i]);
        var type = r.types[k].charAt(i);
        if (c === 'changed' && v) tr.className = 'lab-changed';
        if (type === 'i' || type === 'r') td.className = 'num', td.textContent = String(shown);
        else if (v !== null) {
          var s = String(shown);
          if ((c === 'status' || c === 'outcome' || c === 'grows' || /^status_/.test(c)) && s && s.length < 32)
            td.className = 'st st-' + s.toLowerCase().replace(/ /g, '-');
          if (!/[ ,]/.test(s)) td.className += (td.className ? ' ' : '') + 'nw', td.textContent = s; // a name stays whole
          else words(td, s);
        }
        tr.appendChild(td);
      });
      body.appendChild(tr);
    });
    add(t, add(el('thead'), head), body);
    add(box, add(el('div', 'scroll'), t));
    if (r.rows.length > SHOWN)
      add(box, el('p', 'note', 'The first ' + SHOWN + ' rows of ' + r.rows.length + ': every row is in the JSON below.'));
    var d = el('details'), cmd = el('p', 'lab-json-cmd');
    add(d, el('summary', null, 'These rows as JSON, as isolab export --format json writes them'));
    if (r.statement !== undefined) {
      var code = el('code', null, 'isolab export --format json --sql ' + r.statement);
      code.style.overflowWrap = 'anywhere';
      add(d, add(cmd, document.createTextNode('In a shell, on this database: '), code));
    } else add(d, add(cmd, document.createTextNode('The rows of the last statement that gave rows: ' +
                                                   'isolab export --sql takes one statement.')));
    add(d, el('pre', 'lab-json', r.json));
    return add(box, d);
  }

  function setAddress(h) {
    if (location.hash !== h) history.replaceState(null, '', h || location.pathname + location.search);
  }

  // ---- what-if -------------------------------------------------------------
  // The list is the one it started from (a bundle, a link's list) and the
  // toggles after it, in the short form the command line writes: a member
  // switched off is -m, another switched on is m, one switched back is no
  // item at all (strict,-user-namespace, never strict's names spelt out).
  // What the list means is the engine's (isolab_members: the members in
  // order, a bundle's repeats kept, the command line's errors); so is the
  // shell command (isolab_shell: the command line's quoting).
  function items(list) { return list ? list.split(',') : []; }
  function fromList(list, channel) {
    state.base = list, state.changes = [], state.channel = channel || '';
  }
  function listNow() { return items(state.base).concat(state.changes).join(','); }
  function toggle(m, on) {
    var off = '-' + m, k = state.changes.indexOf(on ? off : m), base = items(state.base);
    if (k >= 0) state.changes.splice(k, 1); // switched back: the toggle goes
    else if (base.indexOf(on ? off : m) >= 0 && base.length > 1) // the start's own item goes
      base.splice(base.indexOf(on ? off : m), 1), state.base = base.join(',');
    else state.changes.push(on ? m : off);
  }
  // moved: the list is then the members in the order shown
  function moved(order) {
    fromList(order.filter(function (m, i) { return state.on[i]; }).join(','), state.channel);
  }
  function sqlText(s) { return s === null || s === undefined || s === '' ? 'NULL' : lit(s); }
  // Every fact under the list, status first, and why: the member that closed
  // it or the one that left it open (the engine's rule, isolab_fact_status,
  // the lesson tables' "closed by"), the channel or parts of it that return it.
  // The status as stored: the engine shows it in the lesson tables' words.
  function whySql(list, channel) {
    var L = lit(list), C = sqlText(channel);
    return 'SELECT f.status, f.fact, f.axis, f.position, f.closed_by, f.left_open_by, ' +
      "CASE WHEN f.status = 'returns' THEN (SELECT group_concat(c, ',') FROM (SELECT channel AS c FROM channel_fact " +
      'WHERE channel = ' + C + ' AND fact = f.fact UNION ALL SELECT p.part FROM channel_part p JOIN channel_fact cf ' +
      'ON cf.channel = p.part WHERE p.channel = ' + C + ' AND cf.fact = f.fact)) END AS returned_by ' +
      'FROM isolab_fact_status(' + L + ', ' + C + ') f ORDER BY f.position';
  }
  // the run kind's command words from run_kinds (isolab's registry of kinds)
  function commandSql(list, channel) {
    return "SELECT 'isolab ' || (SELECT command FROM run_kinds WHERE kind = 'run') || ' ' || " +
      "isolab_shell('--members', " + lit(list) + ', ' + (channel ? "'--channel', " + lit(channel) : 'NULL') +
      ') AS command';
  }

  var ui = {};
  function whatIf(quiet) { return task(whatIfNow(quiet)); }
  async function whatIfNow(quiet) {
    var t0 = performance.now(), list = listNow(), ch = state.channel;
    state.members = list;
    ui.list.value = list; // at once, while the engine may be busy with another query
    var got = await query('SELECT mechanism FROM isolab_members(' + lit(list) + ')');
    var members = got.error ? [] : got.rows.map(function (r) { return r.mechanism; });
    var cmd = await query(commandSql(list, ch));
    ui.cmd.textContent = cmd.error ? cmd.error : cmd.rows[0].command;
    ui.channel.value = ch;
    // start from: the bundle, or the list itself when it is none
    ui.start.querySelectorAll('option.list').forEach(function (o) { o.remove(); });
    if (state.base && bundleNames.indexOf(state.base) < 0) {
      var o = el('option', 'list', state.base);
      o.value = state.base;
      ui.start.appendChild(o);
    }
    ui.start.value = state.base;
    // the members in the order they apply (a repeat its own row), then the rest
    state.order = members.concat(mechs.filter(function (m) { return members.indexOf(m) < 0; }));
    state.on = state.order.map(function (m, i) { return i < members.length; });
    // a list that repeats a mechanism cannot be written out name by name
    // (the second would be named twice): its order stays the bundle's
    var repeats = members.some(function (m, i) { return members.indexOf(m) !== i; });
    ui.mechs.textContent = '';
    state.order.forEach(function (m, i) {
      var li = el('li'), box = el('input'), lab = el('label', null, ' ' + m);
      box.type = 'checkbox', box.checked = state.on[i], box.setAttribute('data-mechanism', m);
      box.onchange = function () { toggle(m, box.checked); whatIf(); };
      lab.insertBefore(box, lab.firstChild);
      var up = el('button', null, '\u2191'), down = el('button', null, '\u2193');
      up.type = down.type = 'button';
      up.title = 'earlier', down.title = 'later';
      up.disabled = repeats || i === 0, down.disabled = repeats || i === state.order.length - 1;
      if (repeats) up.title = down.title = 'the list repeats a mechanism: its order is its bundle\u2019s';
      function move(d) {
        var o = state.order.slice(), on = state.on.slice(), j = i + d;
        o[i] = state.order[j], o[j] = state.order[i], on[i] = state.on[j], on[j] = state.on[i];
        state.on = on;
        moved(o);
        whatIf();
      }
      up.onclick = function () { move(-1); };
      down.onclick = function () { move(1); };
      ui.mechs.appendChild(add(li, lab, document.createTextNode(' '), up, down));
    });
    var mem = lit(list), chs = sqlText(ch);
    var surface = await query('SELECT * FROM isolab_surface(' + mem + ', ' + chs + ')', 0, false, false, 'surface');
    // a list the engine refuses: its words once, from the surface (the fact
    // table would only say them again)
    var facts = surface.error ? null : await query(whySql(list, ch), 0, false, false, 'fact_status', true);
    // the what-if's place in the frontier plot
    state.surface = surface.error || !surface.rows.length ? null :
      {members: list, size: members.filter(function (m, i) { return members.indexOf(m) === i; }).length,
       open_surface: surface.rows[0].open_surface};
    ui.out.textContent = '';
    if (state.note) add(ui.out, el('p', 'lab-error', state.note)), state.note = '';
    add(ui.out, table(surface, 'The surface of ' + (list || '(no member)') + ' under ' + (ch || 'no channel')));
    if (facts)
      add(ui.out, table(facts, 'Every fact and what the members make of it: which member closed it (the lesson\u2019s ' +
                        '\u201cclosed by\u201d), left it open, or which channel returns it'));
    await compare(list, ch, cmd.error ? '' : cmd.rows[0].command);
    await questions();
    if (!quiet) setAddress('#members=' + encodeURIComponent(list) +
               (ch ? '&channel=' + encodeURIComponent(ch) : ''));
    document.getElementById('lab').setAttribute('data-change-ms', String(Math.round(performance.now() - t0)));
  }

  // Two what-ifs side by side: the one kept (A) and the one shown (B), the
  // surfaces, every fact's status under each (a fact whose status changed
  // marked) and the two shell commands.
  async function compare(list, ch, command) {
    ui.cmp.textContent = '';
    ui.keepA.textContent = state.compare ? 'Keep this one as A instead' : 'Keep this what-if as A, to compare';
    if (!state.compare) return;
    var A = state.compare, LA = lit(A.members), CA = sqlText(A.channel), LB = lit(list), CB = sqlText(ch);
    var s = await query("SELECT 'A' AS what_if, " + LA + ' AS members, ' + CA + ' AS channel, * FROM isolab_surface(' +
                        LA + ', ' + CA + ") UNION ALL SELECT 'B', " + LB + ', ' + CB + ', * FROM isolab_surface(' +
                        LB + ', ' + CB + ')', 0, false, false, 'surface');
    // the two statuses first: on a phone they are what shows
    var f = await query('SELECT a.status AS status_under_A, b.status AS status_under_B, a.fact, a.axis, ' +
                        "CASE WHEN a.status IS NOT b.status THEN 'changed' END AS changed " +
                        'FROM isolab_fact_status(' + LA + ', ' + CA + ') a JOIN isolab_fact_status(' + LB + ', ' + CB +
                        ') b USING (fact) ORDER BY a.position', 0, false, false, 'fact_status', true);
    var n = f.error ? 0 : f.rows.filter(function (r) { return r.changed; }).length;
    var drop = el('button', null, 'Stop comparing');
    drop.type = 'button';
    drop.onclick = function () { state.compare = null; whatIf(); };
    add(ui.cmp, el('h4', null, 'A beside B: ' + (A.members || '(no member)') + ' under ' + (A.channel || 'no channel') +
                   ', and ' + (list || '(no member)') + ' under ' + (ch || 'no channel')),
        add(el('p', null, 'A in a shell: '), el('code', 'lab-cmd-a', A.command)),
        add(el('p', null, 'B in a shell: '), el('code', 'lab-cmd-b', command)),
        table(s, 'The two surfaces'),
        table(f, n === 1 ? 'Every fact under A and under B: 1 changed, marked' :
                         'Every fact under A and under B: ' + n + ' changed, marked'),
        add(el('p'), drop));
  }

  // ---- the questions' plots ------------------------------------------------
  // Drawn from the rows the tables show, in the style of the page's own
  // gnuplot plots (gnuplot/frontier.gp: sans 12, black marks, a grey dotted
  // grid, a key in a grey box under the axes), built with createElementNS
  // and textContent only. The viewBox is as wide as the panel (320 to 720
  // units), so the text stays 12 px on a phone and the plot scales with the
  // page. Each mark carries its row (data-*) and a <title>; a tick's label
  // sits at its place (x, or y with a central baseline), so the values can
  // be read back from the drawing (tests/page_lab_driver.js does).
  var SVG = 'http://www.w3.org/2000/svg', FONT = 12, GRID = 'rgb(179, 179, 179)';
  function sv(parent, tag, attrs, text) {
    var e = document.createElementNS(SVG, tag);
    for (var k in attrs) e.setAttribute(k, String(attrs[k]));
    if (text !== undefined && text !== null) e.textContent = String(text);
    if (parent) parent.appendChild(e);
    return e;
  }
  function textWidth(t) {
    var w = 0;
    try { w = t.getComputedTextLength(); } catch (e) { w = 0; }
    return w > 0 ? w : t.textContent.length * FONT * 0.6; // not laid out: a wide guess
  }
  // A figure in parent (laid out, so its texts can be measured): the svg,
  // its title, the caption under it.
  function figure(parent, id, title, caption) {
    var f = el('figure'), box = el('div', 'plot');
    f.id = id;
    add(parent, add(f, box, el('figcaption', null, caption)));
    var w = Math.round(box.clientWidth || 640);
    w = Math.max(320, Math.min(720, w - 2));
    var svg = sv(box, 'svg', {xmlns: SVG, role: 'img', 'font-family': 'sans', 'font-size': FONT});
    svg.style.maxWidth = w + 'px';
    sv(svg, 'title', {}, title);
    sv(svg, 'rect', {x: 0, y: 0, width: w, height: 1, fill: '#ffffff', 'class': 'bg'});
    return {svg: svg, w: w};
  }
  function finish(p, h) {
    h = Math.ceil(h);
    p.svg.setAttribute('viewBox', '0 0 ' + p.w + ' ' + h);
    p.svg.querySelector('rect.bg').setAttribute('height', h);
  }
  // Lines of text no wider than w, broken only after a space or a comma (a
  // name is never broken); each line a <text> at x, from y down.
  function wrapped(g, text, x, y, w, attrs) {
    var words = String(text).match(/[^ ,]+[ ,]*|[ ,]+/g) || [''], lines = [], line = '';
    var probe = sv(g, 'text', {x: x, y: y});
    words.forEach(function (word) {
      probe.textContent = (line + word).replace(/ +$/, '');
      if (line && textWidth(probe) > w) lines.push(line), line = word;
      else line += word;
    });
    lines.push(line);
    g.removeChild(probe);
    return lines.map(function (s, i) {
      var t = sv(g, 'text', {x: x, y: y + i * (FONT + 4)}, s.replace(/ +$/, ''));
      for (var k in attrs) t.setAttribute(k, attrs[k]);
      return t;
    });
  }
  // the step of the ticks: 1, 2, 5, 10, 20 ... so that ticks are at least
  // gap units of the drawing apart
  function mechanisms(k) { return k + (k === 1 ? ' mechanism' : ' mechanisms'); }
  function tickStep(perUnit, gap) {
    for (var s = 1; ; s *= 10) {
      if (s * perUnit >= gap) return s;
      if (2 * s * perUnit >= gap) return 2 * s;
      if (5 * s * perUnit >= gap) return 5 * s;
    }
  }
  // The key under a plot: a sample drawn by sample(g, x, y) and its text,
  // wrapped; in a grey box, as gnuplot's. Returns the y under it.
  function key(svg, x, y, w, entries) {
    var g = sv(svg, 'g', {'class': 'key'}), at = y + 10 + FONT;
    entries.forEach(function (e) {
      e[0](g, x + 10, at - FONT / 3);
      var lines = wrapped(g, e[1], x + 46, at, w - 56, {});
      at += lines.length * (FONT + 4) + 4;
    });
    sv(g, 'rect', {x: x, y: y, width: w, height: at - y - FONT + 2, fill: 'none', stroke: 'rgb(127, 127, 127)'})
      .setAttribute('class', 'key-box');
    return at - FONT + 2;
  }

  // The frontier: open surface against size, as the page's frontier plot
  // draws the power-set sweep; each row of isolab_frontier a black square,
  // the least open surface reached with at most that many mechanisms a
  // dashed step line, the smallest bundles' target a dotted line, and the
  // member list of the what-if a ring above and left of its place, a line
  // pointing at it (so no square hides it, nor it a square).
  function frontierPlot(parent, r, target, list) {
    var rows = r.rows, n = mechs.length;
    var title = 'The frontier under ' + (state.channel ? 'channel ' + state.channel : 'no channel') +
                ': open surface against size';
    var p = figure(parent, 'lab-frontier-plot', title,
                   'isolab_frontier (the table above): per size, the least open surface any subset of the mechanisms ' +
                   'reaches, filled where it is less than any smaller bundle reaches (the frontier); the member list of ' +
                   'the what-if beside it.');
    var svg = p.svg, W = p.w;
    var ys = rows.map(function (x) { return x.open_surface; });
    if (list) ys.push(list.open_surface);
    if (target !== null) ys.push(target);
    var xmax = Math.max(n, list ? list.size : 0, Math.max.apply(null, rows.map(function (x) { return x.size; })));
    var x0 = -0.6, x1 = xmax + 0.6, y0 = Math.min.apply(null, ys) - 1, y1 = Math.max.apply(null, ys) + 1.2;
    var ylabel = sv(svg, 'text', {'text-anchor': 'middle'}, 'open surface (facts visible or returned, count)');
    var PH = Math.max(W < 480 ? 280 : 320, textWidth(ylabel) + 16);
    var L = 58, T = 14, PW = W - L - 16;
    var X = function (v) { return L + (v - x0) / (x1 - x0) * PW; };
    var Y = function (v) { return T + (y1 - v) / (y1 - y0) * PH; };
    var fix = function (v) { return Math.round(v * 100) / 100; };
    ylabel.setAttribute('transform', 'translate(' + (FONT + 4) + ',' + fix(T + PH / 2) + ') rotate(270)');
    var grid = sv(svg, 'g', {stroke: GRID, 'stroke-width': 0.5, 'stroke-dasharray': '2,4', fill: 'none'});
    var ticks = sv(svg, 'g', {'class': 'ticks'});
    var sx = tickStep(PW / (x1 - x0), 24), sy = tickStep(PH / (y1 - y0), 16);
    for (var v = 0; v <= xmax; v += sx) {
      sv(grid, 'path', {d: 'M' + fix(X(v)) + ',' + T + ' V' + (T + PH)});
      sv(ticks, 'text', {x: fix(X(v)), y: T + PH + 18, 'text-anchor': 'middle', 'data-axis': 'x'}, v);
    }
    for (v = Math.ceil(y0 / sy) * sy; v <= y1; v += sy) {
      sv(grid, 'path', {d: 'M' + L + ',' + fix(Y(v)) + ' H' + (L + PW)});
      sv(ticks, 'text', {x: L - 8, y: fix(Y(v)), 'text-anchor': 'end', 'dominant-baseline': 'central', 'data-axis': 'y'}, v);
    }
    sv(svg, 'rect', {x: L, y: T, width: PW, height: PH, fill: 'none', stroke: 'black'});
    var xl = wrapped(svg, 'bundle size (number of mechanisms)', fix(L + PW / 2), T + PH + 40, W - 20, {'text-anchor': 'middle'});
    var defs = sv(svg, 'defs', {});
    sv(defs, 'rect', {id: 'lab-pt-frontier', x: -4, y: -4, width: 8, height: 8, fill: 'black'});
    sv(defs, 'rect', {id: 'lab-pt-level', x: -3.5, y: -3.5, width: 7, height: 7, fill: 'white', stroke: 'black'});
    sv(defs, 'circle', {id: 'lab-pt-list', r: 5, fill: 'none', stroke: 'black', 'stroke-width': 2});
    // the least open surface with at most k mechanisms: a step at each row
    var d = '';
    rows.forEach(function (x, i) {
      d += (i ? ' V' : 'M' + fix(X(x.size)) + ',') + fix(Y(x.open_surface)) +
           ' H' + fix(X(i + 1 < rows.length ? rows[i + 1].size : xmax));
    });
    sv(svg, 'path', {d: d, fill: 'none', stroke: 'black', 'stroke-width': 1.5, 'stroke-dasharray': '6,4'});
    if (target !== null)
      sv(svg, 'path', {d: 'M' + L + ',' + fix(Y(target)) + ' H' + (L + PW), stroke: 'black', 'stroke-width': 1.5,
                       'stroke-dasharray': '1,3', 'class': 'target'});
    var marks = sv(svg, 'g', {'class': 'marks'});
    // a size is on the frontier (bundle_frontier's rule) when its least open
    // surface is less than every smaller size's: a black square; any other
    // size's least open surface a hollow one
    var least = Infinity, level = false;
    rows.forEach(function (x) {
      var on = x.open_surface < least;
      least = Math.min(least, x.open_surface), level = level || !on;
      var u = sv(marks, 'use', {href: on ? '#lab-pt-frontier' : '#lab-pt-level',
                                transform: 'translate(' + fix(X(x.size)) + ',' + fix(Y(x.open_surface)) + ')',
                                'data-bundles': x.bundles, 'data-members': x.members, 'data-frontier': on ? 1 : 0});
      sv(u, 'title', {}, mechanisms(x.size) + ': open surface ' + x.open_surface + ', reached by ' + x.bundles +
         (x.bundles === 1 ? ' bundle: ' : ' bundles, the first: ') + (x.members || '(no member)'));
    });
    var entries = [
      [function (g, x, y) { sv(g, 'use', {href: '#lab-pt-frontier', transform: 'translate(' + (x + 12) + ',' + y + ')'}); },
       'frontier: the least open surface of its size, less than any smaller bundle reaches'],
      [function (g, x, y) { sv(g, 'path', {d: 'M' + x + ',' + y + ' h26', stroke: 'black', 'stroke-width': 1.5, 'stroke-dasharray': '6,4'}); },
       'least open surface with at most that many mechanisms']];
    if (level)
      entries.splice(1, 0, [function (g, x, y) { sv(g, 'use', {href: '#lab-pt-level', transform: 'translate(' + (x + 12) + ',' + y + ')'}); },
                            'the least open surface of its size, no less than a smaller bundle reaches']);
    if (target !== null)
      entries.push([function (g, x, y) { sv(g, 'path', {d: 'M' + x + ',' + y + ' h26', stroke: 'black', 'stroke-width': 1.5, 'stroke-dasharray': '1,3'}); },
                    'the target of the smallest bundles: open surface at most ' + target]);
    if (list) {
      var lx = fix(X(list.size)), ly = fix(Y(list.open_surface));
      sv(svg, 'path', {d: 'M' + fix(lx - 9.5) + ',' + fix(ly - 9.5) + ' L' + (lx - 4) + ',' + (ly - 4), stroke: 'black', 'stroke-width': 1.5});
      var u = sv(marks, 'use', {href: '#lab-pt-list', transform: 'translate(' + fix(lx - 14) + ',' + fix(ly - 14) + ')', 'class': 'list'});
      sv(u, 'title', {}, (list.members || '(no member)') + ': ' + mechanisms(list.size) + ', open surface ' + list.open_surface);
      entries.push([function (g, x, y) { sv(g, 'use', {href: '#lab-pt-list', transform: 'translate(' + (x + 12) + ',' + y + ')'}); },
                    'the member list, pointing at its place: ' + (list.members || '(no member)') + ' (' +
                    mechanisms(list.size) + ', open surface ' + list.open_surface + ')']);
    }
    finish(p, key(svg, 10, T + PH + 40 + xl.length * (FONT + 4), W - 20, entries) + 8);
  }

  // What toggling each mechanism of the member list changes (isolab_marginal):
  // a bar per mechanism from zero to its delta, black for one taken out,
  // grey for one added; its name beside it (or above it, when the panel is
  // narrow), the delta at the bar's end.
  function marginalPlot(parent, r) {
    var rows = r.rows, list = state.members || '(no member)';
    var p = figure(parent, 'lab-marginal-plot', 'Each mechanism toggled in ' + list + ': the change in open surface',
                   'What toggling each mechanism changes (isolab_marginal, the table above): the open surface with it ' +
                   'taken out (when in the list) or added (when not), less the list\u2019s own.');
    var svg = p.svg, W = p.w, nw = 0;
    var grid = sv(svg, 'g', {stroke: GRID, 'stroke-width': 0.5, 'stroke-dasharray': '2,4', fill: 'none'});
    var bars = sv(svg, 'g', {'class': 'bars'});
    // a group per row: its name (measured first), its bar, its delta
    var groups = rows.map(function (x) {
      var g = sv(bars, 'g', {'data-in-bundle': x.in_bundle, 'data-open-surface': x.open_surface});
      nw = Math.max(nw, textWidth(sv(g, 'text', {'class': 'name'}, x.mechanism)));
      return g;
    });
    var lo = Math.min(0, Math.min.apply(null, rows.map(function (x) { return x.delta; })));
    var hi = Math.max(0, Math.max.apply(null, rows.map(function (x) { return x.delta; })));
    if (lo === hi) hi = 1;
    var beside = nw + 16 + 240 <= W - 20, room = 30, T = 12;
    var L = beside ? 10 + nw + 12 : 10, PW = W - L - 10 - 2 * room;
    var X = function (v) { return L + room + (v - lo) / (hi - lo) * PW; };
    var fix = function (v) { return Math.round(v * 100) / 100; };
    var rowH = beside ? 22 : FONT + 26, PH = rows.length * rowH + 6;
    var ticks = sv(svg, 'g', {'class': 'ticks'});
    var sx = tickStep(PW / (hi - lo), 28);
    for (var v = Math.ceil(lo / sx) * sx; v <= hi; v += sx) {
      if (beside) sv(grid, 'path', {d: 'M' + fix(X(v)) + ',' + T + ' V' + (T + PH)});
      sv(ticks, 'text', {x: fix(X(v)), y: T + PH + 18, 'text-anchor': 'middle', 'data-axis': 'x'}, v > 0 ? '+' + v : v);
    }
    // the zero line (on a narrow panel, beside the bars only: not through the names)
    sv(svg, 'path', {d: beside ? 'M' + fix(X(0)) + ',' + T + ' V' + (T + PH) : rows.map(function (x, i) {
      var by = T + 4 + i * rowH + FONT + 8;
      return 'M' + fix(X(0)) + ',' + (by - 3) + ' V' + (by + 13);
    }).join(' ') + ' M' + fix(X(0)) + ',' + (T + PH - 3) + ' V' + (T + PH), stroke: 'black'});
    sv(svg, 'path', {d: 'M' + L + ',' + (T + PH) + ' H' + (W - 10), stroke: 'black'});
    rows.forEach(function (x, i) {
      var top = T + 4 + i * rowH, by = beside ? top + 4 : top + FONT + 8, g = groups[i], t = g.firstChild;
      if (beside) t.setAttribute('x', L - 8), t.setAttribute('y', by + 5), t.setAttribute('text-anchor', 'end'),
                  t.setAttribute('dominant-baseline', 'central');
      else t.setAttribute('x', 10), t.setAttribute('y', top + FONT);
      var a = X(Math.min(0, x.delta)), b = X(Math.max(0, x.delta));
      var bar = sv(g, 'rect', {x: fix(a), y: by, width: fix(b - a), height: 10,
                               fill: x.in_bundle ? 'black' : 'rgb(191, 191, 191)',
                               stroke: x.in_bundle ? 'black' : 'rgb(102, 102, 102)', 'stroke-width': x.delta ? 1 : 0});
      sv(bar, 'title', {}, x.mechanism + (x.in_bundle ? ' taken out of ' : ' added to ') + list + ': open surface ' +
         x.open_surface + ' (' + (x.delta > 0 ? '+' : '') + x.delta + ')');
      sv(g, 'text', {x: fix(x.delta < 0 ? a - 4 : b + 4), y: by + 5, 'dominant-baseline': 'central',
                     'text-anchor': x.delta < 0 ? 'end' : 'start', 'class': 'value'}, (x.delta > 0 ? '+' : '') + x.delta);
    });
    var xl = wrapped(svg, 'change in open surface (facts visible or returned, count)', fix(L + (W - 10 - L) / 2), T + PH + 40,
                     W - 20, {'text-anchor': 'middle'});
    var entries = [];
    if (rows.some(function (x) { return x.in_bundle; }))
      entries.push([function (g, x, y) { sv(g, 'rect', {x: x, y: y - 5, width: 26, height: 10, fill: 'black'}); },
                    'in the list: the change when it is taken out']);
    if (rows.some(function (x) { return !x.in_bundle; }))
      entries.push([function (g, x, y) { sv(g, 'rect', {x: x, y: y - 5, width: 26, height: 10, fill: 'rgb(191, 191, 191)', stroke: 'rgb(102, 102, 102)'}); },
                    'not in the list: the change when it is added']);
    finish(p, key(svg, 10, T + PH + 40 + xl.length * (FONT + 4), W - 20, entries) + 8);
  }

  // the frontier and the smallest bundles depend on the channel (and the
  // target) alone: asked again only when those change
  var asked = {};
  function once(sql) {
    if (!(sql in asked)) asked[sql] = query(sql, 0, false, false, /isolab_(\w+)/.exec(sql)[0]);
    return asked[sql];
  }
  async function questions() {
    var ch = state.channel ? lit(state.channel) : 'NULL';
    // the target follows the member list's open surface until one is typed:
    // the smallest bundles as open as the list at most
    if (ui.max.getAttribute('data-auto') && state.surface) ui.max.value = String(state.surface.open_surface);
    var max = parseInt(ui.max.value, 10);
    var target = isNaN(max) ? 0 : max;
    var f = await once('SELECT * FROM isolab_frontier(' + ch + ')');
    // a list the what-if could not read: already said there
    var m = state.surface ? await query('SELECT * FROM isolab_marginal(' + lit(state.members) + ', ' + ch + ')', 0,
                                        false, false, 'isolab_marginal') : null;
    var smallest = await once('SELECT * FROM isolab_smallest(' + ch + ', ' + target + ')');
    ui.q.textContent = '';
    add(ui.q, table(f, 'The frontier: per size, the least open surface any subset of the mechanisms reaches'));
    if (!f.error && f.rows.length) frontierPlot(ui.q, f, target, state.surface);
    add(ui.q, table(smallest, 'The smallest bundles whose open surface is at most ' + target));
    if (m) add(ui.q, table(m, 'Each mechanism toggled in ' + (state.members || '(no member)')));
    if (m && !m.error && m.rows.length) marginalPlot(ui.q, m);
  }

  // ---- the query box -------------------------------------------------------
  // The box as tall as the SQL, up to 30 lines; beyond, it says how many
  // more there are.
  var BOX_LINES = 30;
  function fit() {
    var n = ui.sql.value.split('\n').length;
    ui.sql.rows = Math.max(4, Math.min(n, BOX_LINES));
    ui.more.textContent = n > BOX_LINES ? (n - BOX_LINES) + ' more lines below: scroll the box to read them all.' : '';
  }
  // how: 'link' (SQL from the address, someone else's: only what cannot
  // write runs, under LINK_BUDGET), else the student's own (the budget typed)
  function runQuery(sql, how) { return task(runQueryNow(sql, how)); }
  async function runQueryNow(sql, how) {
    var link = how === 'link';
    ui.sql.value = sql;
    fit();
    var typed = parseInt(ui.budget.value, 10), budget = link ? LINK_BUDGET : isNaN(typed) ? BUDGET : typed;
    var m = /^\s*SELECT \* FROM "?([A-Za-z0-9_]+)"?\s*;?\s*$/i.exec(sql);
    ui.res.textContent = '';
    setAddress('#sql=' + encodeURIComponent(sql));
    if (link) document.getElementById('lab-query').scrollIntoView();
    var r = await query(sql, budget, link, true, m ? m[1] : '');
    ui.res.textContent = '';
    if (r.unrun !== undefined) {
      var again = el('button', null, 'Run all of it, writes included');
      again.type = 'button';
      again.onclick = function () { runQuery(ui.sql.value, 'typed'); };
      var stmt = add(el('pre', 'lab-unrun-sql'), el('code', null, r.unrun));
      stmt.style.whiteSpace = 'pre-wrap', stmt.style.overflowWrap = 'anywhere';
      add(ui.res, add(el('div', 'lab-unrun'),
        el('p', 'note', 'This SQL came with the page\u2019s address, from whoever made the link: it runs only ' +
                            'as far as it reads. From line ' + r.unrun_line + ' on it was not run, because this ' +
                            'statement could change the database or the lab\u2019s connection:'),
        stmt,
        add(el('p', null, 'Read all of it in the box above. To run it as your own: '), again)));
    }
    if (link && r.limit === 'budget') {
      // a budget (in thousands of steps) in words, as the engine's message says it
      var steps = function (k) { return k % 1000 ? k + ' thousand steps' : k / 1000 + ' million steps'; };
      var full = el('button', null, 'Run it again with the full budget (' + steps(BUDGET) + ')');
      full.type = 'button';
      full.onclick = function () { ui.budget.value = String(BUDGET); runQuery(ui.sql.value, 'typed'); };
      add(ui.res, add(el('p', 'note', 'SQL from the address gets a smaller work budget (' + steps(LINK_BUDGET) +
                                      '), so a link cannot keep the page busy. '), full));
    }
    if (r.columns || r.error || r.unrun === undefined) ui.res.appendChild(table(r));
    if (r.wrote) asked = {}; // the SQL changed the database
  }

  // Beside the download: whether this copy differs from the file the page
  // was made from, and what in it isolab would refuse (the engine compares).
  function dbName() { return document.getElementById('isl-db').getAttribute('data-name') || 'isolab.db'; }
  function savedName() {
    if (!kept.wrote) return dbName();
    var n = dbName(), dot = n.lastIndexOf('.');
    return dot > 0 ? n.slice(0, dot) + '-changed' + n.slice(dot) : n + '-changed';
  }
  function keep() {
    if (!ui.dl) return;
    ui.dl.textContent = '';
    ui.refused.textContent = '';
    ui.save.textContent = 'Download the database';
    ui.confirm = false;
    ui.opens.hidden = kept.refused.length > 0;
    if (!kept.wrote) return;
    ui.dl.textContent = 'This copy differs from ' + dbName() + ', the file the page was made from: ' + kept.wrote +
      (kept.wrote === 1 ? ' statement' : ' statements') + ' run here changed it. It downloads as ' + savedName() + '.';
    if (!kept.refused.length) return;
    add(ui.refused, el('p', 'lab-error', 'isolab will not open this copy:'),
        add(el('ul', 'lab-refused'), ...kept.refused.map(function (w) { return el('li', null, w); })));
  }

  function download() {
    if (kept.refused.length && !ui.confirm) { // said once more, then saved on the second press
      ui.confirm = true;
      ui.save.textContent = 'Download it anyway';
      ui.refused.scrollIntoView();
      return;
    }
    var bytes = snapshot || original;
    var a = el('a');
    a.href = URL.createObjectURL(new Blob([bytes], {type: 'application/vnd.sqlite3'}));
    a.download = savedName();
    document.body.appendChild(a);
    a.click();
    a.remove();
  }

  function route() {
    var h = location.hash.slice(1), p = {};
    h.split('&').forEach(function (kv) {
      var i = kv.indexOf('=');
      if (i > 0) {
        try { p[kv.slice(0, i)] = decodeURIComponent(kv.slice(i + 1).replace(/\+/g, ' ')); } catch (e) { /* not ours */ }
      }
    });
    if (p.sql !== undefined) return runQuery(p.sql, 'link');
    if (p.members !== undefined) return task(linked(p.members, p.channel || ''));
    return Promise.resolve();
  }
  // A link's what-if. A channel the database has not is said once, in the
  // engine's words (the channels, or the one meant), and the lab stays at the
  // channel it shows: a link is someone else's text.
  async function linked(list, channel) {
    if (channel && channels.indexOf(channel) < 0) {
      // the channel is read first (one mechanism's frontier: at once)
      var said = await query('SELECT 1 FROM isolab_frontier(' + lit(channel) + ', ' + lit(mechs[0] || '') + ')');
      state.note = 'This link\u2019s channel: ' + (said.error ? said.error.replace(/^isolab_[a-z_]+: /, '') :
        '\u2018' + channel + '\u2019 is none of the channel list\u2019s') + ' \u2014 shown under ' +
        (state.channel || 'no channel') + ' instead.';
      channel = state.channel;
    }
    fromList(list, channel);
    document.getElementById('lab-whatif').scrollIntoView();
    return whatIf();
  }

  function build() {
    var sec = el('section');
    sec.id = 'lab';
    add(sec, el('h2', null, 'The lab'),
        el('p', null, 'SQLite and isolab\u2019s SQL functions run in this page, on a copy of the database it was ' +
           'written from: nothing is sent anywhere. What you add stays in the page until you download it.'));
    // what-if
    var w = el('div');
    w.id = 'lab-whatif';
    ui.channel = el('select');
    add(ui.channel, el('option', null, '(no channel)'));
    ui.channel.firstChild.value = '';
    channels.forEach(function (c) { var o = el('option', null, c); o.value = c; ui.channel.appendChild(o); });
    ui.channel.onchange = function () { state.channel = ui.channel.value; whatIf(); };
    ui.start = el('select');
    bundleNames.forEach(function (b) { var o = el('option', null, b); o.value = b; ui.start.appendChild(o); });
    ui.start.onchange = function () { fromList(ui.start.value, state.channel); whatIf(); };
    ui.keepA = el('button');
    ui.keepA.type = 'button';
    ui.keepA.onclick = function () {
      state.compare = {members: state.members, channel: state.channel, command: ui.cmd.textContent};
      whatIf();
    };
    ui.cmp = el('div');
    ui.cmp.id = 'lab-compare';
    ui.list = el('input');
    ui.list.readOnly = true, ui.list.size = 40, ui.list.setAttribute('aria-label', 'the member list');
    ui.cmd = el('code');
    ui.cmd.style.overflowWrap = 'anywhere';
    ui.mechs = el('ol', 'lab-mechs');
    ui.out = el('div');
    add(w, el('h3', null, 'What if'),
        add(el('p'), add(el('label', null, 'Channel '), ui.channel), document.createTextNode(' '),
            add(el('label', null, 'start from '), ui.start)),
        el('p', null, 'Switch mechanisms on and off, move them earlier or later:'), ui.mechs,
        add(el('p'), add(el('label', null, 'Member list '), ui.list)),
        add(el('p', null, 'The same in a shell: '), ui.cmd), add(el('p'), ui.keepA), ui.out, ui.cmp);
    // questions
    var q = el('div');
    q.id = 'lab-questions';
    ui.max = el('input');
    ui.max.type = 'number', ui.max.min = '0', ui.max.value = '8';
    ui.max.setAttribute('data-auto', '1');
    ui.max.onchange = function () { ui.max.removeAttribute('data-auto'); task(questions()); };
    ui.q = el('div');
    add(q, el('h3', null, 'Questions for the chosen channel'),
        add(el('p'), add(el('label', null, 'Smallest bundles with an open surface at most '), ui.max)), ui.q);
    // query box
    var qb = el('div');
    qb.id = 'lab-query';
    ui.saved = el('select');
    add(ui.saved, el('option', null, 'a saved query\u2026'));
    ui.saved.firstChild.value = '';
    // the course's questions (the view course_question) first, the rest
    // under every view
    var asks = el('optgroup'), every = el('optgroup');
    asks.label = 'the course’s questions', every.label = 'every view';
    views.forEach(function (v) {
      var o = el('option', null, v.name);
      o.value = v.name, o.title = v.about, v.option = o;
      (questionViews[v.name] ? asks : every).appendChild(o);
    });
    if (asks.firstChild) ui.saved.appendChild(asks);
    ui.saved.appendChild(every);
    ui.about = el('p', 'note');
    ui.saved.onchange = function () {
      var v = views.filter(function (x) { return x.name === ui.saved.value; })[0];
      ui.about.textContent = v ? v.about : '';
      if (v) runQuery('SELECT * FROM "' + v.name.replace(/"/g, '""') + '"');
    };
    ui.sql = el('textarea');
    ui.sql.rows = 4, ui.sql.style.width = '100%', ui.sql.style.boxSizing = 'border-box';
    ui.sql.setAttribute('aria-label', 'SQL');
    ui.sql.oninput = fit;
    ui.more = el('p', 'note');
    ui.more.id = 'lab-more-lines';
    ui.budget = el('input');
    ui.budget.type = 'number', ui.budget.min = '1', ui.budget.value = String(BUDGET);
    var run = el('button', null, 'Run');
    run.type = 'button';
    run.onclick = function () { runQuery(ui.sql.value, 'typed'); };
    var stop = el('button', null, 'Stop');
    stop.type = 'button';
    stop.onclick = function () { end('stopped: you pressed Stop after ' + ((performance.now() - began) / 1000).toFixed(1) + ' s'); };
    ui.clock = el('span');
    ui.running = add(el('span', 'lab-running'), ui.clock, stop);
    ui.running.id = 'lab-running', ui.running.hidden = true;
    ui.res = el('div');
    ui.res.id = 'lab-answer';
    add(qb, el('h3', null, 'Query the database'), add(el('p'), ui.saved), ui.about, ui.sql, ui.more,
        add(el('p'), run, document.createTextNode(' '),
            add(el('label', null, 'work budget (thousands of steps) '), ui.budget), document.createTextNode(' '),
            ui.running), ui.res);
    // download
    var dl = el('div');
    dl.id = 'lab-keep';
    ui.save = el('button', null, 'Download the database');
    ui.save.type = 'button';
    ui.save.onclick = download;
    ui.dl = el('span');
    ui.dl.id = 'lab-changed';
    ui.refused = el('div');
    ui.opens = el('p', 'note', 'The file opens in isolab (--db FILE) and in the sqlite3 shell.');
    add(dl, el('h3', null, 'Keep it'), add(el('p'), ui.save, document.createTextNode(' '), ui.dl), ui.refused, ui.opens);
    add(sec, w, q, qb, dl);
    var runs = document.getElementById('runs');
    runs.parentNode.insertBefore(sec, runs);
    var nav = document.querySelector('nav ul');
    if (nav) {
      var li = el('li'), a = el('a', null, 'The lab');
      a.href = '#lab';
      nav.insertBefore(add(li, a), nav.lastElementChild);
    }
    // in each lesson's section: the what-if at its own bundle and channel
    // (lesson_focus; a channel with parts as any other)
    document.querySelectorAll('section[data-lesson]').forEach(function (s) {
      var f = focus.filter(function (x) { return x.lesson === s.getAttribute('data-lesson'); })[0];
      var p = s.querySelector('h2 + p');
      if (!f || !p) return;
      var a = el('a', null, 'Ask what if about ' + f.bundle + ' under ' + f.channel + ' in the lab');
      a.href = '#members=' + encodeURIComponent(f.bundle) + '&channel=' + encodeURIComponent(f.channel);
      p.parentNode.insertBefore(add(el('p', 'lab-link'), a), p.nextSibling);
    });
  }

  async function start() {
    wasmBytes = await inflate('isl-engine'), original = await inflate('isl-db');
    var r = await startEngine();
    if (r.rc) throw new Error(r.rc < 0 ? JSON.parse(r.text).error : 'the database could not be opened (SQLite error ' + r.rc + ')');
    mechs = (await rows('SELECT name FROM mechanism ORDER BY position, name')).map(function (r) { return r.name; });
    channels = (await rows('SELECT name FROM channel ORDER BY name')).map(function (r) { return r.name; });
    bundleNames = (await rows('SELECT name FROM bundle ORDER BY position, name')).map(function (r) { return r.name; });
    focus = await rows('SELECT lesson, bundle, channel FROM lesson_focus WHERE bundle IS NOT NULL AND channel IS NOT NULL');
    (await rows('SELECT name FROM course_question')).forEach(function (r) { questionViews[r.name] = 1; });
    views = JSON.parse(document.getElementById('isl-views').textContent);
    build();
    fromList(bundleNames[0] || '', channels[0] || '');
    await whatIf(true);
    // ms from navigation to the first answer shown (make bench reads it)
    document.getElementById('lab').setAttribute('data-first-ms', String(Math.round(performance.now())));
    window.addEventListener('hashchange', route);
    if (location.hash.length > 1) await route();
    countViews();
  }

  // Each saved query's rows, counted after the first answer, one query at a
  // time (a question asked meanwhile waits for one count at most), into its
  // name in the list (one that fails keeps its name).
  function countViews() {
    return task(views.reduce(function (done, v) {
      return done.then(function () {
        return query('SELECT count(*) AS n FROM "' + v.name.replace(/"/g, '""') + '"').then(function (r) {
          if (!r.error) v.option.textContent = v.name + ' (' + r.rows[0].n + (r.rows[0].n === 1 ? ' row)' : ' rows)');
        });
      });
    }, Promise.resolve()));
  }

  var ready = start();
  ready.catch(function (e) {
    var n = el('p', 'lab-error', 'The lab could not start: ' + e.message);
    n.id = 'lab-failed';
    document.querySelector('main').appendChild(n);
  });
  // for a test or a course author's own script: the engine's raw answer (a
  // promise of its text), and a promise kept once the page has shown what it
  // was asking
  window.isolabLab = {ready: ready, idle: idle, raw: function (sql, budget) { return raw(sql, budget); }};

  // ---- inside the worker: the engine itself ---------------------------------
  // Opens the page's database, marks it as the original the download is
  // compared with (isl_wasm_mark), then, after a Stop, the copy as the page's
  // statements left it; answers each query with the engine's text, and after
  // one that wrote, with the database's image and what isolab would refuse.
  function engineSide() {
    var M = null, turn = Promise.resolve();
    function open(bytes) {
      var p = M._malloc(bytes.length);
      M.HEAPU8.set(bytes, p);
      return M._isl_wasm_open(p, bytes.length);
    }
    function image() {
      var p = M._isl_wasm_serialize(), n = M._isl_wasm_size();
      if (!p) return null;
      var bytes = M.HEAPU8.slice(p, p + n);
      M._isl_wasm_free(p);
      return bytes;
    }
    function answer(m) {
      var r = {id: m.id}, give = [];
      if (m.op === 'open') {
        return isolabSql({wasmBinary: m.wasm}).then(function (engine) {
          M = engine;
          r.rc = open(m.db);
          // -1: refused as isolab refuses it; the engine's answer says why
          if (r.rc < 0) r.text = M.UTF8ToString(M._isl_wasm_query(0, 0, 0));
          if (!r.rc) M._isl_wasm_mark();
          if (!r.rc && m.current) {
            var rc = open(m.current);
            if (rc) r.lost = 'SQLite error ' + rc, r.rc = open(m.db);
          }
          return [r, give];
        });
      }
      var k = M.lengthBytesUTF8(m.object) + 1, o = M._malloc(k);
      M.stringToUTF8(m.object, o, k);
      M._isl_wasm_label(o, m.words ? 1 : 0); // the next result headed by object's labels
      M._free(o);
      var n = M.lengthBytesUTF8(m.sql) + 1, p = M._malloc(n);
      M.stringToUTF8(m.sql, p, n);
      r.text = M.UTF8ToString(M._isl_wasm_query(p, m.budget, m.link ? 1 : 0));
      M._free(p);
      r.wrote = +(/^\{"wrote": (\d+)/.exec(r.text) || [0, 0])[1];
      if (r.wrote) {
        r.refused = JSON.parse(M.UTF8ToString(M._isl_wasm_changes())).refused || [];
        r.image = image();
        if (r.image) give.push(r.image.buffer);
      }
      return [r, give];
    }
    self.onmessage = function (e) {
      turn = turn.then(function () { return answer(e.data); }).then(function (a) {
        postMessage(a[0], a[1]);
      }, function (err) {
        postMessage({id: e.data.id, text: JSON.stringify({error: 'the engine failed: ' + err.message}), rc: -1});
      });
    };
  }
})();
