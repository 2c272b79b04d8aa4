// The page is a terminal on a WebSocket: keys go up as binary messages, the
// screen comes down as binary messages, and small JSON text messages carry
// the rest (the hello, resizes, a heartbeat; the screen's keys coming down).
(() => {
  'use strict';
  const SECRET = 'mysterium.secret', NAME = 'mysterium.name';

  // Storage may be missing or refused (private windows, strict settings):
  // then the player is a guest with a reclaim code.
  const store = (() => {
    try {
      localStorage.setItem('mysterium.probe', '1');
      localStorage.removeItem('mysterium.probe');
      return localStorage;
    } catch (e) {
      return null;
    }
  })();

  function b64url(bytes) {
    let s = '';
    for (const b of bytes) s += String.fromCharCode(b);
    return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  }

  // The browser's secret: 32 random bytes, made once and kept. The server
  // only keeps its hash; whoever has it has this player's seats.
  function secret() {
    if (!store) return '';
    let s = store.getItem(SECRET);
    if (!s || s.length !== 43) {
      const b = new Uint8Array(32);
      crypto.getRandomValues(b);
      s = b64url(b);
      store.setItem(SECRET, s);
    }
    return s;
  }

  // A table's code in any form people pass around: K7QX, k7qx, K7QX-M2PD,
  // k7qxm2pd (the server reads them all).
  const path = location.pathname.slice(1);
  let table = /^[A-Za-z0-9.-]{1,16}$/.test(path) ? path.toUpperCase() : '';
  const query = new URLSearchParams(location.search);
  const claim = query.get('claim') || '';
  // A table's invitation link on a server whose SSH keys are listed: the
  // token that lets this browser in to that table (sent in the hello, never
  // elsewhere; the page sends no Referer).
  const invite = query.get('invite') || '';

  const el = document.getElementById('term');
  const term = new Terminal({
    fontFamily: 'ui-monospace, "DejaVu Sans Mono", Menlo, Consolas, monospace',
    fontSize: 15,
    scrollback: 0,
    cursorBlink: false,
    allowProposedApi: false,
    theme: { background: '#000000' },
  });
  const fit = new FitAddon.FitAddon();
  term.loadAddon(fit);
  term.open(el);
  // Sixel and inline images: cards drawn as pictures. It answers the
  // device attributes with sixel and the cell size in pixels.
  term.loadAddon(new ImageAddon.ImageAddon({ sixelSupport: true, iipSupport: true, storageLimit: 32 }));

  // On a touch screen a tap on the terminal is a tap on a card (the
  // session asks for click reports), not a wish to type: the terminal's
  // text field asks for no on-screen keyboard until ⌨ says so (chat,
  // names), and ⌨ again puts it away.
  const field = el.querySelector('.xterm-helper-textarea');
  function keyboard(on) {
    if (!field) return;
    field.setAttribute('inputmode', on ? 'text' : 'none');
    field.blur();
    term.focus();
  }
  if (field && matchMedia('(pointer: coarse)').matches) field.setAttribute('inputmode', 'none');

  // The font is as large as lets a screen the server draws fit: 80x24
  // cells (a phone in landscape gets a small font), or any other size the
  // server says it lays out ({"fits": [[cols, rows], ...]}, or one pair),
  // the one that gives the largest font: a phone held upright gets the
  // server's upright layout at a readable size. At most 16 px on a desktop,
  // grown with the browser's own text size setting; on a tie the first.
  let fits = [[80, 24]];
  function fitFont() {
    const w = el.clientWidth, h = el.clientHeight;
    if (!w || !h) return;
    const c = document.createElement('canvas').getContext('2d');
    c.font = '100px ' + term.options.fontFamily;
    const cw = c.measureText('W').width / 100, ch = 1.2;
    const root = parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
    let size = 5;
    for (const [cols, rows] of fits) {
      size = Math.max(size, Math.min(root, Math.floor(Math.min(w / (cols * cw), h / (rows * ch)))));
    }
    const changed = term.options.fontSize !== size;
    if (changed) term.options.fontSize = size;
    fit.fit();
    // The server draws its pictures for the cells' size the page told it
    // at connect: with a new font it is told the new one.
    if (changed) requestAnimationFrame(tellCell);
  }

  // The cells' size in pixels, as the server asks for it (CSI 16 t) to
  // draw its pictures: whole pixels that fit in a cell. (xterm.js rounds,
  // and at 13 px a cell is 7.8 pixels wide: a picture drawn for 8 spilled
  // over the cells beside and under its own.)
  function tellCell() {
    const s = el.querySelector('.xterm-screen');
    if (!s || !term.cols || !term.rows) return;
    const r = s.getBoundingClientRect();
    const w = Math.floor(r.width / term.cols), h = Math.floor(r.height / term.rows);
    if (w > 0 && h > 0) send(enc.encode('\x1b[6;' + h + ';' + w + 't'));
  }

  let ws = null, tries = 0, name = '', retry = 0, drawn = false;
  const enc = new TextEncoder();
  function send(data) {
    if (ws && ws.readyState === WebSocket.OPEN) ws.send(data);
  }

  const status = document.getElementById('status');
  function showStatus(text, button) {
    document.getElementById('why').textContent = text;
    document.getElementById('again').hidden = !button;
    status.hidden = false;
  }

  // A sentence above the terminal (a wrong code's): gone at the next key.
  const notice = document.getElementById('notice');
  function tell(text) {
    notice.textContent = text;
    notice.hidden = !text;
  }

  function connect() {
    clearTimeout(retry);
    retry = 0;
    drawn = false;
    status.hidden = true;
    ws = new WebSocket((location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + '/ws');
    ws.binaryType = 'arraybuffer';
    ws.onopen = () => {
      ws.send(JSON.stringify({ secret: secret(), name, table, claim, invite, lang: navigator.language || '', cols: term.cols, rows: term.rows }));
    };
    ws.onmessage = (e) => {
      if (typeof e.data === 'string') {
        control(JSON.parse(e.data));
        return;
      }
      tries = 0;
      const bytes = new Uint8Array(e.data);
      // A session draws with escape sequences; a refusal is a sentence.
      if (bytes.includes(0x1b)) drawn = true;
      term.write(bytes, () => {
        say(bytes);
        // A frame drawn for more rows than the terminal has by then (the
        // page's first size, at 80x24's small font) leaves rows above the
        // screen, in the alternate screen too: a scroll bar showed over the
        // screen's right edge, and a swipe could scroll it away. They go
        // (ED 3 erases only the rows above the screen).
        if (term.buffer.active.baseY > 0) term.write('\x1b[3J');
      });
    };
    ws.onclose = (e) => {
      ws = null;
      if ((e.code === 1000 || e.code === 1008) && table && !drawn && !invite) {
        // Refused before any screen: a wrong or expired table code. The
        // lobby, with the server's sentence above it, rather than a page
        // that can only retry the code.
        const said = window.mysteriumText().trim().split('\n').pop().trim();
        table = '';
        history.replaceState(null, '', '/');
        term.reset();
        tell(e.reason || said || status.dataset.closed);
        connect();
        return;
      }
      if (e.code === 1000) {
        showStatus(status.dataset.over, true);
        return;
      }
      if (e.code === 1008) {
        showStatus(e.reason || status.dataset.closed, true);
        return;
      }
      // A dropped network or a restarting server: come back by ourselves,
      // a little later each time; the seat is kept. The tab coming back
      // into view or the network returning tries at once (below).
      const wait = Math.min(30, 2 ** tries++);
      showStatus(status.dataset.lost.replace('%d', wait), true);
      retry = setTimeout(() => { if (!ws) connect(); }, wait * 1000);
    };
  }
  // The linear mode (P) writes lines, not frames, and leaves the terminal's
  // alternate screen: its lines go, as text, into a polite live region
  // that a screen reader reads as they come (the terminal's own rows are
  // hidden from it). Frames, drawn in the alternate screen, never do.
  const said = document.getElementById('said'), heard = new TextDecoder();
  let line = '';
  function say(bytes) {
    if (term.buffer.active.type !== 'normal') {
      line = '';
      heard.decode();
      return;
    }
    const text = line + heard.decode(bytes, { stream: true });
    const parts = text
      .replace(/\x1b\][^\x07\x1b]*(\x07|\x1b\\)|\x1b\[[0-?]*[ -\/]*[@-~]|\x1b[@-_]/g, '')
      .replace(/[\x00-\x09\x0b-\x1f\x7f]/g, '')
      .split('\n');
    line = parts.pop().slice(-2000);
    for (const p of parts) {
      if (!p.trim()) continue;
      const el = document.createElement('p');
      el.textContent = p;
      said.appendChild(el);
    }
    while (said.childElementCount > 100) said.firstElementChild.remove();
  }

  function soon() {
    if (ws) {
      send('{"ping":true}'); // a socket that died in the background fails here
      return;
    }
    if (retry) {
      tries = 0;
      connect();
    }
  }
  document.addEventListener('visibilitychange', () => { if (!document.hidden) soon(); });
  addEventListener('online', soon);

  // The keys of the current screen, in the order of its key bar, when the
  // server says them: a button each, labelled with what it does. Named keys
  // take their face from the page's own buttons (⋯ shows those, with P, L,
  // T and A, which work on every screen).
  const letters = document.getElementById('letters'), spill = document.getElementById('spill');
  const upright = matchMedia('(orientation: portrait) and (max-width: 700px)');
  const seq = { left: '\x1b[D', up: '\x1b[A', down: '\x1b[B', right: '\x1b[C', ' ': ' ', enter: '\r', esc: '\x1b', tab: '\t', 'shift+tab': '\x1b[Z', backspace: '\x7f' };
  function control(m) {
    if (Array.isArray(m.keys)) {
      letters.textContent = '';
      for (const [key, help] of m.keys) {
        if (!(key in seq) && [...key].length !== 1) continue;
        const b = document.createElement('button');
        const face = document.querySelector('#extra button[data-key="' + CSS.escape(key) + '"]');
        b.textContent = face ? (upright.matches && face.dataset.short) || face.textContent : key;
        const name = face ? face.getAttribute('aria-label') || face.textContent : key;
        b.setAttribute('aria-label', help ? name + ': ' + help : name);
        b.title = help || '';
        b.dataset.key = key;
        letters.appendChild(b);
      }
      spill.textContent = '';
      arrange();
    }
    if (Array.isArray(m.fits) && m.fits.length) {
      const list = (Array.isArray(m.fits[0]) ? m.fits : [m.fits]).slice(0, 4).filter((p) => Array.isArray(p) && p.length === 2);
      if (list.length) {
        fits = list.map(([cols, rows]) => [Math.max(20, Math.min(80, cols | 0)), Math.max(10, Math.min(60, rows | 0))]);
        fitFont();
      }
    }
  }
  // Upright, the bar is two rows at most: the screen's keys come most used
  // first (the order of its key bar), and those that would need a third
  // row go, in that order, to the front of the ⋯ panel, beside P, L, T, A.
  function barRows() {
    const tops = new Set();
    for (const b of bar.querySelectorAll(':scope > button, #letters > button')) {
      const r = b.getBoundingClientRect();
      if (r.width) tops.add(Math.round(r.top));
    }
    return tops.size;
  }
  function arrange() {
    while (spill.firstElementChild) letters.appendChild(spill.firstElementChild);
    if (!upright.matches) return;
    while (barRows() > 2 && letters.lastElementChild) spill.prepend(letters.lastElementChild);
  }
  // For tests: the terminal's size in cells.
  window.mysteriumSize = () => [term.cols, term.rows];
  // For tests: a control message as if the server had sent it.
  window.mysteriumControl = control;
  const bar = document.getElementById('keybar'), extra = document.getElementById('extra');
  function more(open) {
    extra.hidden = !open;
    document.getElementById('more').setAttribute('aria-expanded', String(open));
  }
  // Tapping a key must not take the focus (on a phone, that would open or
  // close the keyboard).
  bar.addEventListener('pointerdown', (e) => { if (e.target.closest('button')) e.preventDefault(); });
  bar.addEventListener('click', (e) => {
    const b = e.target.closest('button');
    if (!b) return;
    if (b.id === 'kbd') {
      keyboard(field && field.getAttribute('inputmode') === 'none');
      return;
    }
    if (b.id === 'more') {
      more(extra.hidden);
      return;
    }
    tell('');
    const k = b.dataset.key;
    // Upright the panel covers the screen's foot: a key of it closes it,
    // but for the arrows, pressed a few times in a row.
    if (upright.matches && b.closest('#extra') && !/^(left|up|down|right|backspace)$/.test(k)) more(false);
    send(enc.encode(seq[k] || k));
  });

  // Turn alerts, as the session writes them to any terminal: the window
  // title ("▲ your move · Mysterium K7QX", pushed and popped with CSI 22/23 t)
  // becomes the tab's; a notification (OSC 777) shows when the page is
  // hidden, if the player allowed it on a tap; the bell vibrates a phone.
  // A turns them all off in the session, as over SSH.
  const titles = [];
  term.onTitleChange((t) => { document.title = t || 'Mysterium'; });
  term.parser.registerCsiHandler({ final: 't' }, (p) => {
    if (p[0] === 22) titles.push(document.title);
    else if (p[0] === 23) document.title = titles.pop() || 'Mysterium';
    else if (p[0] === 16) tellCell();
    else return false;
    return true;
  });
  term.parser.registerOscHandler(777, (d) => {
    const [what, head, ...body] = d.split(';');
    if (what === 'notify' && document.hidden && window.Notification && Notification.permission === 'granted') {
      try { new Notification(head, { body: body.join(';'), tag: 'mysterium' }); } catch (e) { /* phones want a service worker */ }
    }
    return true;
  });
  term.parser.registerOscHandler(9, () => true); // the same notification, for other terminals
  term.onBell(() => { if (navigator.vibrate) navigator.vibrate(200); });
  // The permission is asked on the player's first tap, never at load.
  addEventListener('pointerup', () => {
    if (window.Notification && Notification.permission === 'default') Notification.requestPermission().catch(() => {});
  }, { once: true });

  term.onData((d) => send(enc.encode(d)));
  term.onKey(() => tell('')); // a key the player typed, not the terminal's answers
  term.onBinary((d) => send(Uint8Array.from(d, (c) => c.charCodeAt(0))));
  term.onResize(({ cols, rows }) => send(JSON.stringify({ cols, rows })));
  new ResizeObserver(fitFont).observe(el);
  new ResizeObserver(arrange).observe(bar);
  // With the on-screen keyboard open, the page is as tall as what is left
  // of the screen, so that the terminal stays in view (browsers that do
  // not resize the page for the keyboard); a pinch-zoom changes nothing.
  if (window.visualViewport) {
    const vv = visualViewport;
    vv.addEventListener('resize', () => {
      if (Math.abs(vv.scale - 1) > 0.01) return;
      document.body.style.height = vv.height < innerHeight - 1 ? vv.height + 'px' : '';
    });
  }
  setInterval(() => send('{"ping":true}'), 25000);
  document.getElementById('again').addEventListener('click', () => { tries = 0; if (!ws) connect(); });

  // For tests and for people reading along: the terminal's text.
  window.mysteriumText = () => {
    const b = term.buffer.active, out = [];
    for (let i = 0; i < b.length; i++) out.push(b.getLine(i).translateToString(true));
    return out.join('\n');
  };

  // For tests: what the terminal draws when the server writes s.
  window.mysteriumWrite = (s) => term.write(s);

  // For tests: the middle of cell (col, row), counted from 0, in the
  // page's pixels (where a finger would tap it).
  window.mysteriumCell = (col, row) => {
    const r = el.querySelector('.xterm-screen').getBoundingClientRect();
    return [r.left + (col + 0.5) * r.width / term.cols, r.top + (row + 0.5) * r.height / term.rows];
  };

  fitFont();
  name = store ? store.getItem(NAME) || '' : '';
  if (name) {
    connect();
    term.focus();
    return;
  }
  // A name is asked once (kept with the secret); without storage, every time.
  const ask = document.getElementById('ask');
  document.getElementById('nostore').hidden = !!store;
  ask.hidden = false;
  ask.addEventListener('submit', (e) => {
    e.preventDefault();
    name = document.getElementById('name').value.trim().slice(0, 20);
    if (!name) return;
    if (store) store.setItem(NAME, name);
    ask.hidden = true;
    connect();
    term.focus();
  });
})();
