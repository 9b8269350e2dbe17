//! Load on `liar serve`: many tables at once, each with bots and one
//! scripted client in a person's seat, through the real server on
//! loopback. Measures, at each client, the time from sending a decision to
//! the next message the server sends it, and reports the percentiles and
//! the throughput (docs/performance.md, "Online server").
//!
//! Each client answers after a think time drawn evenly from 0.5 to 1.5
//! times THINK milliseconds (default 1000: a quick person), or at once
//! with THINK 0 (every table then runs flat out and the figures measure a
//! saturated server: latency is then queueing, see docs/performance.md).
//! With a think time, the tables start spread over one THINK (as tables
//! of people do), not all in the same instant.
//!
//! With ROUNDS above 1, each client plays that many matches one after the
//! other, each at a new table (so TABLES × ROUNDS matches in all), and the
//! server's resident memory is sampled as the matches finish: it must stay
//! flat, since a finished table leaves the lobby.
//!
//! ```sh
//! cargo bench --bench server                   # 500 tables, 2 games each, THINK 1000
//! cargo bench --bench server -- 200 1 0        # TABLES GAMES THINK
//! cargo bench --bench server -- 500 1 0 20     # TABLES GAMES THINK ROUNDS: 10,000 matches
//! ```

use liar::engine::{NativePlayer, Player, Policy};
use liar::online::{ClientMsg, Connection, ServerMsg};
use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Barrier};
use std::time::{Duration, Instant};

/// Decisions sent this early in the run are left out of the second,
/// warmed-up figures (every table started, its bots loaded).
const WARM_UP: Duration = Duration::from_secs(10);

/// How long any one message may take before the run is called failed.
const PATIENCE: Duration = Duration::from_secs(120);

/// One person's seat and two bundled Lua bots, no pause, fixed seed.
fn table_file(games: u32) -> String {
    format!(
        "[match]\ngames = {games}\nseed = 7\n\
         [online]\nturn_seconds = 3600\n\
         [[seats]]\nname = \"Load\"\ntype = \"human\"\n\
         [[seats]]\nname = \"Honest\"\ntype = \"bot\"\nbundled = \"honest\"\n\
         [[seats]]\nname = \"Stat\"\ntype = \"bot\"\nbundled = \"statistician\"\n"
    )
}

/// What one client saw.
#[derive(Default)]
struct Seen {
    /// Each decision: when it was sent (from the start of the run) and how
    /// long until the next message.
    latencies: Vec<(Duration, Duration)>,
    /// Messages received during the match.
    messages: usize,
    /// When the client's first match started (decisions are timed from it).
    started: Option<Instant>,
}

fn main() {
    let numbers: Vec<u64> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let tables = numbers.first().map_or(500, |&n| n as usize);
    let games = numbers.get(1).map_or(2, |&n| n as u32);
    let think = Duration::from_millis(numbers.get(2).copied().unwrap_or(1000));
    let rounds = numbers.get(3).map_or(1, |&n| n.max(1) as usize);

    let dir = tempfile::tempdir().expect("a scratch folder");
    let table = dir.path().join("load.toml");
    std::fs::write(&table, table_file(games)).expect("the table file");
    let (mut server, url) = start_server(dir.path(), &table, tables);
    let pid = server.id();

    let barrier = Arc::new(Barrier::new(tables + 1));
    let finished = Arc::new(AtomicUsize::new(0));
    let clients: Vec<_> = (0..tables)
        .map(|i| {
            let (url, barrier, finished) = (url.clone(), barrier.clone(), finished.clone());
            std::thread::Builder::new()
                .name(format!("client-{i}"))
                .stack_size(256 * 1024)
                .spawn(move || {
                    let start = think.mul_f64(i as f64 / tables as f64);
                    let mut seen = client(&url, &barrier, think, start, i as u64, None)?;
                    finished.fetch_add(1, Ordering::Relaxed);
                    for round in 1..rounds {
                        let more = again(&url, think, (round * tables + i) as u64, seen.started)?;
                        seen.latencies.extend(more.latencies);
                        seen.messages += more.messages;
                        finished.fetch_add(1, Ordering::Relaxed);
                    }
                    Ok::<Seen, String>(seen)
                })
                .expect("a client thread")
        })
        .collect();
    barrier.wait();
    let stopped = Arc::new(AtomicBool::new(false));
    let memory = sample_memory(pid, finished.clone(), stopped.clone(), tables * rounds);
    let watcher = watch_lobby(&url, stopped.clone());
    let load_before = load_average();
    let cpu_before = cpu_seconds(pid);
    let start = Instant::now();
    let mut seen = Seen::default();
    let mut failures = Vec::new();
    for c in clients {
        match c.join().expect("a client thread that does not panic") {
            Ok(s) => {
                seen.latencies.extend(s.latencies);
                seen.messages += s.messages;
            }
            Err(e) => failures.push(e),
        }
    }
    let elapsed = start.elapsed();
    stopped.store(true, Ordering::Relaxed);
    let memory = memory.join().unwrap_or_default();
    let lobby_bytes = watcher.join().unwrap_or_default();
    let cpu = cpu_seconds(pid).zip(cpu_before).map(|(a, b)| a - b);
    let threads = threads(pid);
    let load_after = load_average();
    let _ = server.kill();
    let _ = server.wait();

    if !failures.is_empty() {
        eprintln!(
            "{} of {tables} clients failed; first: {}",
            failures.len(),
            failures[0]
        );
        std::process::exit(1);
    }
    let mut l: Vec<Duration> = seen.latencies.iter().map(|&(_, d)| d).collect();
    let mut warm: Vec<Duration> = seen
        .latencies
        .iter()
        .filter(|&&(at, _)| at >= WARM_UP)
        .map(|&(_, d)| d)
        .collect();
    l.sort();
    warm.sort();
    println!(
        "{tables} tables x {games} games x {rounds} rounds (1 scripted client thinking {} ms + \
         2 Lua bots each, --bot-delay 0): {} matches, {} decisions in {:.1} s",
        think.as_millis(),
        tables * rounds,
        l.len(),
        elapsed.as_secs_f64()
    );
    println!("decision -> next update: {}", percentiles(&l));
    println!(
        "  the same after the first {} s ({} decisions): {}",
        WARM_UP.as_secs(),
        warm.len(),
        percentiles(&warm)
    );
    println!(
        "throughput: {:.0} client decisions/s, {:.0} messages/s to clients",
        l.len() as f64 / elapsed.as_secs_f64(),
        seen.messages as f64 / elapsed.as_secs_f64()
    );
    if let Some(cpu) = cpu {
        println!(
            "server: {cpu:.1} s of CPU ({:.0}% of one core, {:.3} ms per person's decision), \
             {} threads at the end",
            100.0 * cpu / elapsed.as_secs_f64(),
            1000.0 * cpu / l.len() as f64,
            threads.map_or("?".to_string(), |t| t.to_string())
        );
    }
    if let (Some(&(first_n, first_kib)), Some(&(last_n, last_kib))) =
        (memory.first(), memory.last())
    {
        println!(
            "server memory (resident): {:.1} MiB after {first_n} matches, {:.1} MiB after \
             {last_n} ({:.2}x)",
            first_kib as f64 / 1024.0,
            last_kib as f64 / 1024.0,
            last_kib as f64 / first_kib as f64
        );
    }
    println!(
        "one lobby watcher (protocol {}): {lobby_bytes} bytes, {:.0} per minute, {:.0} per match",
        liar::online::PROTOCOL_VERSION,
        lobby_bytes as f64 / elapsed.as_secs_f64() * 60.0,
        lobby_bytes as f64 / (tables * rounds) as f64
    );
    println!("load average (1 min) before {load_before}, after {load_after}");
}

/// Samples the server's resident memory as matches finish: at a tenth of
/// `all`, at half, and when the last has finished (or the clients stopped).
fn sample_memory(
    pid: u32,
    finished: Arc<AtomicUsize>,
    stopped: Arc<AtomicBool>,
    all: usize,
) -> std::thread::JoinHandle<Vec<(usize, u64)>> {
    std::thread::spawn(move || {
        let mut samples = Vec::new();
        let marks = [all / 10, all / 2, all];
        for mark in marks {
            while finished.load(Ordering::Relaxed) < mark && !stopped.load(Ordering::Relaxed) {
                std::thread::sleep(Duration::from_millis(100));
            }
            if let Some(kib) = resident_kib(pid) {
                samples.push((finished.load(Ordering::Relaxed), kib));
            }
        }
        samples
    })
}

/// A connection watching the lobby from the start: the bytes it is sent
/// (as the server encodes them) until `stopped`.
fn watch_lobby(url: &str, stopped: Arc<AtomicBool>) -> std::thread::JoinHandle<usize> {
    let url = url.to_string();
    std::thread::spawn(move || {
        let Ok(mut c) = Connection::open(&url) else {
            return 0;
        };
        if c.send(&ClientMsg::ListTables).is_err() {
            return 0;
        }
        let mut bytes = 0;
        while !stopped.load(Ordering::Relaxed) {
            match c.recv_within(Duration::from_millis(200)) {
                Ok(ServerMsg::Welcome { .. }) => {}
                Ok(msg) => bytes += serde_json::to_string(&msg).map_or(0, |t| t.len()),
                Err(liar::online::ClientError::TimedOut) => {}
                Err(_) => break,
            }
        }
        bytes
    })
}

/// The process's resident memory, in KiB.
fn resident_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
}

/// p50, p90, p99 and max of sorted durations, in milliseconds.
fn percentiles(sorted: &[Duration]) -> String {
    if sorted.is_empty() {
        return "none".into();
    }
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    let at =
        |p: f64| ms(sorted[((p * sorted.len() as f64).ceil() as usize).clamp(1, sorted.len()) - 1]);
    format!(
        "p50 {:.2} ms, p90 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        at(0.50),
        at(0.90),
        at(0.99),
        ms(sorted[sorted.len() - 1])
    )
}

/// Starts `liar serve` on a free port with `table` as its only preset;
/// returns it and its WebSocket URL.
fn start_server(data: &std::path::Path, table: &std::path::Path, tables: usize) -> (Child, String) {
    let room = (tables + 16).to_string();
    // A client's next match opens a new connection while the server may
    // still be closing its last one: room for both.
    let connections = (2 * tables + 16).to_string();
    let mut server = Command::new(env!("CARGO_BIN_EXE_liar"))
        .args(["serve", "--addr", "127.0.0.1:0", "--bot-delay", "0"])
        .args(["--max-tables", &room, "--max-per-ip", &connections])
        .args(["--max-tables-per-ip", &room])
        .arg("--data")
        .arg(data.join("data"))
        .arg(table)
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("liar serve");
    let stdout = server.stdout.take().expect("its output");
    let mut lines = BufReader::new(stdout).lines();
    let addr = loop {
        let line = lines
            .next()
            .expect("a line saying where it listens")
            .expect("its output");
        if let Some(addr) = line
            .split_whitespace()
            .find_map(|w| w.strip_prefix("http://"))
        {
            break addr.trim_end_matches('/').to_string();
        }
    };
    // Keep reading its output, so that it never blocks on a full pipe.
    std::thread::spawn(move || for _ in lines {});
    (server, format!("ws://{addr}/ws"))
}

/// One client: a table of its own, the person's seat, then every question
/// answered at once (as the native `honest` bot would).
fn client(
    url: &str,
    barrier: &Barrier,
    think: Duration,
    start: Duration,
    seed: u64,
    epoch: Option<Instant>,
) -> Result<Seen, String> {
    let mut pause = Pause::new(think, seed);
    let ready = sit(url);
    barrier.wait();
    let mut c = ready?;
    // Decisions are timed from the client's first match.
    let run = epoch.unwrap_or_else(Instant::now);
    std::thread::sleep(start);
    c.send(&ClientMsg::Start {
        fill_with_bots: false,
    })
    .map_err(|e| e.to_string())?;
    let mut me = NativePlayer::new(Policy::Honest);
    let mut seen = Seen {
        started: Some(run),
        ..Seen::default()
    };
    let mut sent: Option<Instant> = None;
    loop {
        let msg = c.recv_within(PATIENCE).map_err(|e| e.to_string())?;
        if let Some(t) = sent.take() {
            seen.latencies.push((t - run, t.elapsed()));
        }
        seen.messages += 1;
        match msg {
            ServerMsg::YourTurn { turn, view, .. } => {
                let decision = me.decide(&view.view()).map_err(|e| e.to_string())?;
                pause.take();
                sent = Some(Instant::now());
                c.send(&ClientMsg::Decide {
                    turn,
                    decision: decision.into(),
                })
                .map_err(|e| e.to_string())?;
            }
            ServerMsg::MatchEnd { .. } => break,
            ServerMsg::Error { code, message } => return Err(format!("{code:?}: {message}")),
            _ => {}
        }
    }
    c.close();
    Ok(seen)
}

/// A person's think time before each answer: 0.5 to 1.5 times the mean,
/// from a small deterministic generator of the client's own.
struct Pause {
    mean: Duration,
    state: u64,
}

impl Pause {
    fn new(mean: Duration, seed: u64) -> Self {
        Pause {
            mean,
            state: seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1,
        }
    }

    /// Thinks (sleeps) before an answer.
    fn take(&mut self) {
        if self.mean.is_zero() {
            return;
        }
        // xorshift64
        self.state ^= self.state << 13;
        self.state ^= self.state >> 7;
        self.state ^= self.state << 17;
        let fraction = 0.5 + (self.state % 1000) as f64 / 1000.0;
        std::thread::sleep(self.mean.mul_f64(fraction));
    }
}

/// Another match for a client done with its first: a new connection, a
/// new table, played at once.
fn again(url: &str, think: Duration, seed: u64, epoch: Option<Instant>) -> Result<Seen, String> {
    let barrier = Barrier::new(1);
    client(url, &barrier, think, Duration::ZERO, seed, epoch)
}

/// Connects, opens a table from the preset and takes the person's seat.
fn sit(url: &str) -> Result<Connection, String> {
    let e = |e: liar::online::ClientError| e.to_string();
    let mut c = Connection::open(url).map_err(e)?;
    let presets = match c.recv_within(PATIENCE).map_err(e)? {
        ServerMsg::Welcome { presets, .. } => presets,
        other => return Err(format!("not welcomed: {other:?}")),
    };
    c.send(&ClientMsg::CreateTable {
        preset: presets.first().cloned().ok_or("no preset")?,
        name: None,
    })
    .map_err(e)?;
    let table = loop {
        match c.recv_within(PATIENCE).map_err(e)? {
            ServerMsg::State(state) => break state.table.id,
            ServerMsg::Error { code, message } => return Err(format!("{code:?}: {message}")),
            _ => {}
        }
    };
    c.send(&ClientMsg::TakeSeat {
        table,
        seat: None,
        name: "Load".into(),
    })
    .map_err(e)?;
    loop {
        match c.recv_within(PATIENCE).map_err(e)? {
            ServerMsg::Seated { .. } => return Ok(c),
            ServerMsg::Error { code, message } => return Err(format!("{code:?}: {message}")),
            _ => {}
        }
    }
}

/// The 1-minute load average.
fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|s| s.split_whitespace().next().map(str::to_string))
        .unwrap_or_else(|| "?".into())
}

/// CPU seconds (user + system) the process has used.
fn cpu_seconds(pid: u32) -> Option<f64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let ticks: f64 = fields.get(11)?.parse::<f64>().ok()? + fields.get(12)?.parse::<f64>().ok()?;
    Some(ticks / 100.0)
}

/// The process's threads.
fn threads(pid: u32) -> Option<usize> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    status
        .lines()
        .find_map(|l| l.strip_prefix("Threads:"))
        .and_then(|n| n.trim().parse().ok())
}
