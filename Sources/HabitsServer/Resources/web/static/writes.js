// Writes from the page: each carries an Idempotency-Key, so that a retry is done at most once, and a log
// made while the network is down waits in this browser (with its key and the time it was made) and is
// sent when the connection returns. The page says how many wait.

const queueKey = 'habits.pendingWrites';
const queueLimit = 200;

// A random key; crypto.randomUUID needs a secure context, which a server on a LAN address is not.
export function newKey() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

function pending() {
  try { return JSON.parse(localStorage.getItem(queueKey) || '[]'); } catch { return []; }
}

function store(writes) {
  localStorage.setItem(queueKey, JSON.stringify(writes.slice(-queueLimit)));
}

// The server's clock less this browser's, from the time the page was made: a waiting log is stamped in
// the server's time, which it checks against its own clock.
const pageTime = Date.parse(document.getElementById('screen')?.dataset.serverTime || '');
const clockOffset = Number.isNaN(pageTime) ? 0 : pageTime - (performance.timeOrigin + performance.now());

function serverNow() {
  return new Date(Date.now() + clockOffset).toISOString();
}

// Only a new log may wait: it is made with its time, so sending it later records when it happened.
function mayWait(path, method) {
  return method === 'POST' && new URL(path, location.href).pathname === '/v1/logs';
}

// Sends a write; when the network is down, queues a log and answers a stand-in 202, else throws.
export async function sendWrite(path, method, body) {
  const key = newKey();
  try {
    return await send({ path, method, body, key });
  } catch (error) {
    if (!mayWait(path, method) || !body) throw error;
    // Sent later, it keeps the time it was made.
    const fields = JSON.parse(body);
    if (!fields.timestamp) fields.timestamp = serverNow();
    store([...pending(), { path, method, body: JSON.stringify(fields), key }]);
    showPending();
    return new Response(null, { status: 202, statusText: 'Queued' });
  }
}

function send(write) {
  return fetch(write.path, {
    method: write.method,
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'Idempotency-Key': write.key },
    body: write.body || undefined,
  });
}

let flushing = false;
// Sends what waits, oldest first; stops at the first that cannot reach the server. A refusal (a habit
// since deleted, say) drops that write: sending it again would be refused again.
export async function flushPending() {
  if (flushing) return;
  flushing = true;
  try {
    let writes = pending();
    while (writes.length > 0) {
      try {
        await send(writes[0]);
      } catch {
        break;
      }
      writes = writes.slice(1);
      store(writes);
    }
  } finally {
    flushing = false;
    showPending();
  }
}

function showPending() {
  const count = pending().length;
  let banner = document.getElementById('pending-writes');
  if (count === 0) {
    banner?.remove();
    return;
  }
  if (!banner) {
    banner = document.createElement('p');
    banner.id = 'pending-writes';
    banner.className = 'pending-writes';
    banner.setAttribute('role', 'status');
    document.body.prepend(banner);
  }
  banner.textContent = `Offline: ${count} ${count === 1 ? 'log waits' : 'logs wait'} here and will be sent `
    + 'when the connection returns.';
}

export function installWriteQueue() {
  // The app shell and the screens seen, kept for opening a page without a network (needs a secure context:
  // HTTPS, or this machine's own address).
  navigator.serviceWorker?.register('/web/sw.js', { scope: '/' }).catch(() => {});
  addEventListener('online', flushPending);
  // Some networks come back without an online event: look again now and then while something waits.
  setInterval(() => { if (pending().length > 0) flushPending(); }, 5000);
  flushPending();
}
