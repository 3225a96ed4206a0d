import Hummingbird

/// The page at `/`: a live view of the statistics and the simulator's controls.
struct WebController: Sendable {
    func addRoutes(to router: Router<HabitsRequestContext>) {
        router.get("/") { _, _ in
            Response(
                status: .ok,
                headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-cache"],
                body: .init(byteBuffer: ByteBuffer(string: Self.indexHTML))
            )
        }
    }

    static let indexHTML = """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>Habits</title>
        <style>
          body { font: 15px/1.4 system-ui, sans-serif; margin: 0 auto; max-width: 880px; padding: 16px; color: #222; }
          h1 { margin: 0 0 4px; } .muted { color: #777; }
          .controls button { margin-right: 6px; }
          .grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(260px, 1fr));
              gap: 12px; margin-top: 16px; }
          .card { border: 1px solid #ddd; border-radius: 10px; padding: 10px 12px; }
          .card h3 { margin: 0 0 6px; font-size: 15px; } .card ol { margin: 0; padding-left: 20px; }
          img.avatar { width: 20px; height: 20px; border-radius: 50%; vertical-align: middle; margin-right: 6px; }
        </style>
        </head>
        <body>
        <h1>Habits</h1>
        <p class="muted">Live leaderboard, refreshed every second from <code>/combinedStats</code>.</p>
        <div class="controls">
          Simulator: <strong id="state">…</strong>
          <button data-action="start">Start</button><button data-action="stop">Stop</button>
          <button data-action="reset">Reset demo data</button>
          <label>Speed <input id="speed" type="number" min="0.01" max="100" step="0.25" value="1"></label>
        </div>
        <div id="board" class="grid"></div>
        <script>
        const entities = {'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;'};
        const esc = s => String(s).replace(/[&<>"']/g, c => entities[c]);
        async function refresh() {
          try {
            const stats = await (await fetch('/combinedStats')).json();
            document.getElementById('board').innerHTML = stats.habitStatistics.map(h => `
              <div class="card">
              <h3>${esc(h.habit.name)} <span class="muted">· ${esc(h.habit.category.name)}</span></h3>
              ${h.userCounts.length ? '<ol>' + h.userCounts.slice(0, 3).map(u =>
                `<li><img class="avatar" alt="" src="/images/${encodeURIComponent(u.user.id)}">`
                + `${esc(u.user.name)} · ${u.count}</li>`).join('') + '</ol>'
                : '<p class="muted">Nobody Yet!</p>'}</div>`).join('');
            document.getElementById('state').textContent = await (await fetch('/control/simulator/status')).text();
          } catch (e) { document.getElementById('state').textContent = 'offline'; }
        }
        document.querySelectorAll('button[data-action]').forEach(b => b.onclick = async () => {
          await fetch('/control/simulator/' + b.dataset.action, { method: 'POST' }); refresh();
        });
        document.getElementById('speed').onchange = async e => {
          await fetch('/control/simulator/speed/' + Number(e.target.value).toFixed(2), { method: 'POST' });
        };
        refresh(); setInterval(refresh, 1000);
        </script>
        </body>
        </html>
        """
}
