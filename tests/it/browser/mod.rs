//! The web table in real headless browsers, Chromium and Firefox, driven
//! over WebDriver (chromedriver or geckodriver, through fantoccini) against
//! the real `liar serve` on loopback.
//!
//! Chromium is `chromium` (or `chromium-browser`, `google-chrome`) with
//! `chromedriver`; Firefox is `firefox-esr` (or `firefox`) with
//! `geckodriver`. They are found on `PATH`, in `/usr/bin` or in
//! `~/.cargo/bin` (where `cargo install geckodriver` puts its driver), or
//! named by `LIAR_CHROMIUM`, `LIAR_CHROMEDRIVER`, `LIAR_FIREFOX` and
//! `LIAR_GECKODRIVER`. A test whose browser is missing prints
//! `SKIPPED: no <browser> found` to stderr and returns; with
//! `LIAR_BROWSER_TESTS=require` (as `.ci/run` sets after installing both)
//! a missing browser fails the test instead. Screenshots go to
//! `target/screenshots/`.
//!
//! Zoom is the browser's own page zoom, as a person sets it with Ctrl +:
//! Chromium's default zoom level in its profile, Firefox's full zoom set
//! from its chrome context. Each zoomed session checks that the page
//! really has half as many CSS pixels and a device pixel ratio of 2.

mod play;
mod privacy;

use fantoccini::wd::WebDriverCompatibleCommand;
use fantoccini::{Client, ClientBuilder, Locator};
use liar::rules::{Dice, Ranking};
use serde_json::{Value, json};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// The longest wait for anything a page or process should do.
pub const WAIT: Duration = Duration::from_secs(30);

/// How often a wait looks again.
const POLL: Duration = Duration::from_millis(50);

/// The two browser engines the web table is tested in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Engine {
    Chromium,
    Firefox,
}

impl Engine {
    /// The browser's program names, most likely first.
    fn programs(self) -> &'static [&'static str] {
        match self {
            Engine::Chromium => &["chromium", "chromium-browser", "google-chrome"],
            Engine::Firefox => &["firefox-esr", "firefox"],
        }
    }

    fn driver_program(self) -> &'static str {
        match self {
            Engine::Chromium => "chromedriver",
            Engine::Firefox => "geckodriver",
        }
    }

    /// The environment variables that name the browser and its driver.
    fn variables(self) -> (&'static str, &'static str) {
        match self {
            Engine::Chromium => ("LIAR_CHROMIUM", "LIAR_CHROMEDRIVER"),
            Engine::Firefox => ("LIAR_FIREFOX", "LIAR_GECKODRIVER"),
        }
    }

    /// How to install it on Debian.
    fn install(self) -> &'static str {
        match self {
            Engine::Chromium => "apt-get install chromium chromium-driver",
            Engine::Firefox => "apt-get install firefox-esr; cargo install --locked geckodriver",
        }
    }

    /// A lower-case name for messages and screenshot files.
    pub fn name(self) -> &'static str {
        match self {
            Engine::Chromium => "chromium",
            Engine::Firefox => "firefox",
        }
    }
}

/// A browser and its driver, found on this machine.
pub struct Browser {
    engine: Engine,
    program: PathBuf,
    driver: PathBuf,
}

fn on_path(names: &[&str]) -> Option<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    let cargo_bin = std::env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cargo")))
        .map(|c| c.join("bin"));
    let dirs = std::env::split_paths(&path)
        .chain([PathBuf::from("/usr/bin")])
        .chain(cargo_bin);
    for dir in dirs {
        for name in names {
            let candidate = dir.join(name);
            if candidate.is_file() {
                return Some(candidate);
            }
        }
    }
    None
}

/// A program named by an environment variable: `Some(None)` when the
/// variable names no file (the test then skips, or fails when required).
fn given(var: &str) -> Option<Option<PathBuf>> {
    let path = PathBuf::from(std::env::var_os(var)?);
    Some(path.is_file().then_some(path))
}

/// The browser of `engine`, or `None` after saying the test is skipped —
/// unless `LIAR_BROWSER_TESTS=require`, where a missing browser fails the test.
pub fn browser(test: &str, engine: Engine) -> Option<Browser> {
    let (program_var, driver_var) = engine.variables();
    let program = given(program_var).unwrap_or_else(|| on_path(engine.programs()));
    let driver = given(driver_var).unwrap_or_else(|| on_path(&[engine.driver_program()]));
    match (program, driver) {
        (Some(program), Some(driver)) => Some(Browser {
            engine,
            program,
            driver,
        }),
        _ => {
            let (name, driver) = (engine.name(), engine.driver_program());
            let required = std::env::var("LIAR_BROWSER_TESTS").is_ok_and(|v| v == "require");
            assert!(
                !required,
                "{test}: LIAR_BROWSER_TESTS=require but no {name}/{driver} found ({})",
                engine.install()
            );
            // Straight to the process's stderr: the test harness captures
            // `eprintln!`, and a skip must show even when the test "passes".
            let _ = writeln!(
                std::io::stderr(),
                "SKIPPED: no {name}/{driver} found — browser test {test} did not run \
                 ({}; LIAR_BROWSER_TESTS=require makes this a failure)",
                engine.install()
            );
            None
        }
    }
}

/// Waits until `ready` gives a value, polling; panics with `what` after [`WAIT`].
pub async fn until<T, F, Fut>(what: &str, mut ready: F) -> T
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = Option<T>>,
{
    let deadline = Instant::now() + WAIT;
    loop {
        if let Some(v) = ready().await {
            return v;
        }
        assert!(Instant::now() < deadline, "timed out waiting for {what}");
        tokio::time::sleep(POLL).await;
    }
}

/// A free port on loopback.
fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

/// A child process killed when dropped, with every process it started:
/// it leads a process group of its own, and the whole group is killed, so
/// a browser a driver started does not outlive a test that failed before
/// closing its session.
pub struct Process(Child);

impl Process {
    /// Starts `command` at the head of a new process group.
    fn start(command: &mut Command, what: &str) -> Process {
        use std::os::unix::process::CommandExt;
        let child = command
            .process_group(0)
            .spawn()
            .unwrap_or_else(|e| panic!("{what} starts: {e}"));
        Process(child)
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        if let Ok(group) = i32::try_from(self.0.id()) {
            // SAFETY: kill(2) with a negative pid signals that process group;
            // no memory is involved.
            unsafe { libc::kill(-group, libc::SIGKILL) };
        }
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// A browser's WebDriver server on a port of its own.
pub struct Driver {
    _process: Process,
    port: u16,
    engine: Engine,
    program: PathBuf,
}

/// A browser window to open: its size in screen pixels, its language, and
/// the page zoom in percent (100 for none).
#[derive(Clone, Copy, Debug)]
pub struct Window<'a> {
    pub width: u32,
    pub height: u32,
    pub lang: &'a str,
    pub zoom: u32,
}

impl Window<'_> {
    /// An unzoomed window.
    pub fn new(width: u32, height: u32, lang: &str) -> Window<'_> {
        Window {
            width,
            height,
            lang,
            zoom: 100,
        }
    }
}

/// geckodriver's own command that switches scripts between the page
/// ("content") and the browser itself ("chrome"), where page zoom lives.
#[derive(Debug)]
struct MozContext(&'static str);

impl WebDriverCompatibleCommand for MozContext {
    fn endpoint(
        &self,
        base: &url::Url,
        session: Option<&str>,
    ) -> Result<url::Url, url::ParseError> {
        base.join(&format!(
            "session/{}/moz/context",
            session.unwrap_or_default()
        ))
    }

    fn method_and_body(&self, _: &url::Url) -> (http::Method, Option<String>) {
        (
            http::Method::POST,
            Some(json!({ "context": self.0 }).to_string()),
        )
    }
}

impl Driver {
    pub fn start(browser: &Browser) -> Driver {
        let port = free_port();
        let mut command = Command::new(&browser.driver);
        match browser.engine {
            Engine::Chromium => command.arg(format!("--port={port}")),
            // System access lets a test set the page zoom as a person would.
            Engine::Firefox => command.args(["--port", &port.to_string(), "--allow-system-access"]),
        };
        let process = Process::start(
            command.stdout(Stdio::null()).stderr(Stdio::null()),
            browser.engine.driver_program(),
        );
        let deadline = Instant::now() + WAIT;
        while TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(
                Instant::now() < deadline,
                "{} never listened",
                browser.engine.driver_program()
            );
            std::thread::sleep(POLL);
        }
        Driver {
            _process: process,
            port,
            engine: browser.engine,
            program: browser.program.clone(),
        }
    }

    /// A new headless browser window of `width`×`height`, in `lang`.
    pub async fn session(&self, width: u32, height: u32, lang: &str) -> Client {
        self.open(Window::new(width, height, lang)).await
    }

    /// A new headless browser window as `window` says, zoomed if it asks.
    pub async fn open(&self, window: Window<'_>) -> Client {
        let Window {
            width,
            height,
            lang,
            zoom,
        } = window;
        let mut caps = serde_json::Map::new();
        match self.engine {
            Engine::Chromium => {
                // Chromium keeps zoom as a level: each step is a factor of 1.2.
                let level = (f64::from(zoom) / 100.0).ln() / 1.2f64.ln();
                caps.insert(
                    "goog:chromeOptions".into(),
                    json!({
                        "binary": self.program,
                        "args": [
                            "--headless=new",
                            "--no-sandbox",
                            "--disable-gpu",
                            "--disable-dev-shm-usage",
                            "--hide-scrollbars",
                            format!("--window-size={width},{height}"),
                            format!("--lang={lang}"),
                        ],
                        "prefs": {
                            "intl.accept_languages": lang,
                            "partition": { "default_zoom_level": { "x": level } },
                        },
                    }),
                );
            }
            Engine::Firefox => {
                caps.insert("browserName".into(), json!("firefox"));
                caps.insert(
                    "moz:firefoxOptions".into(),
                    json!({
                        "binary": self.program,
                        "args": ["-headless", format!("--width={width}"), format!("--height={height}")],
                        "prefs": {
                            "intl.accept_languages": lang,
                            // One zoom for the whole window, kept across pages.
                            "browser.zoom.siteSpecific": false,
                        },
                    }),
                );
            }
        }
        let client = ClientBuilder::native()
            .capabilities(caps)
            .connect(&format!("http://127.0.0.1:{}", self.port))
            .await
            .unwrap_or_else(|e| panic!("a {} session: {e}", self.engine.name()));
        if self.engine == Engine::Firefox {
            // Headless Firefox may ignore --width/--height; say it again.
            client
                .set_window_size(width, height)
                .await
                .expect("the window's size");
            if zoom != 100 {
                client
                    .issue_cmd(MozContext("chrome"))
                    .await
                    .expect("the chrome context");
                client
                    .execute(
                        "FullZoom.setZoom(arguments[0]); return ZoomManager.zoom;",
                        vec![json!(f64::from(zoom) / 100.0)],
                    )
                    .await
                    .expect("the page zoom is set");
                client
                    .issue_cmd(MozContext("content"))
                    .await
                    .expect("the content context");
            }
        }
        if zoom != 100 {
            // The zoom is real: fewer CSS pixels, more device pixels per pixel.
            client.goto("about:blank").await.expect("a blank page");
            let v = js(
                &client,
                "return [window.innerWidth, window.devicePixelRatio];",
            )
            .await;
            let ratio = v[1].as_f64().unwrap_or_default();
            assert!(
                (ratio - f64::from(zoom) / 100.0).abs() < 0.01,
                "{}: a device pixel ratio of {ratio} at {zoom}% zoom",
                self.engine.name()
            );
            let css_width = v[0].as_f64().unwrap_or_default();
            assert!(
                css_width <= f64::from(width) * 100.0 / f64::from(zoom) + 1.0,
                "{}: {css_width} CSS pixels wide in a {width} px window at {zoom}%",
                self.engine.name()
            );
        }
        client
    }
}

/// The real `liar serve` on a free loopback port, with a data folder of its own.
pub struct Server {
    _process: Process,
    /// `127.0.0.1:PORT`.
    pub addr: String,
    _data: tempfile::TempDir,
}

impl Server {
    /// Starts `liar serve` with the web tables of `tests/fixtures/web/`.
    pub fn start(tables: &[&str]) -> Server {
        let data = tempfile::Builder::new()
            .prefix("liar-web-")
            .tempdir()
            .expect("a data folder");
        let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/web");
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_liar"));
        cmd.args([
            "serve",
            "--addr",
            "127.0.0.1:0",
            "--bot-delay",
            "100",
            "--data",
        ])
        .arg(data.path())
        .args(tables.iter().map(|t| fixtures.join(format!("{t}.toml"))))
        .env_remove("LANG")
        .env_remove("LC_ALL")
        .env("XDG_DATA_HOME", crate::support::tests_data_home())
        .env("NO_COLOR", "1")
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit());
        let mut child = cmd.spawn().expect("liar serve starts");
        let stdout = child.stdout.take().expect("its output");
        let process = Process(child);
        // The first line naming 127.0.0.1:PORT is where it listens; the
        // rest of its output is read on so that it never blocks on a pipe.
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let mut tx = Some(tx);
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if let Some(addr) = listening_addr(&line)
                    && let Some(tx) = tx.take()
                {
                    let _ = tx.send(addr);
                }
            }
        });
        let addr = rx
            .recv_timeout(WAIT)
            .expect("liar serve prints the address it listens on");
        Server {
            _process: process,
            addr,
            _data: data,
        }
    }

    pub fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.addr)
    }

    /// `GET path` over plain HTTP/1.0: the status and the body.
    pub fn get(&self, path: &str) -> (u16, String) {
        let mut stream = TcpStream::connect(&self.addr).expect("the server accepts");
        stream.set_read_timeout(Some(WAIT)).expect("a read timeout");
        write!(stream, "GET {path} HTTP/1.0\r\nHost: {}\r\n\r\n", self.addr).expect("a request");
        let mut raw = String::new();
        stream.read_to_string(&mut raw).expect("a response");
        let (head, body) = raw.split_once("\r\n\r\n").unwrap_or((&raw, ""));
        let status = head
            .split_whitespace()
            .nth(1)
            .and_then(|s| s.parse().ok())
            .unwrap_or(0);
        (status, body.to_string())
    }
}

/// `127.0.0.1:PORT` named in a line of the server's output.
fn listening_addr(line: &str) -> Option<String> {
    let at = line.find("127.0.0.1:")?;
    let rest = &line[at + "127.0.0.1:".len()..];
    let port: String = rest.chars().take_while(char::is_ascii_digit).collect();
    (!port.is_empty() && port != "0").then(|| format!("127.0.0.1:{port}"))
}

/// Saves a screenshot of `client` as `target/screenshots/NAME.png`.
pub async fn screenshot(client: &Client, name: &str) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/screenshots");
    std::fs::create_dir_all(&dir).expect("target/screenshots");
    let png = client.screenshot().await.expect("a screenshot");
    std::fs::write(dir.join(format!("{name}.png")), png).expect("the screenshot is written");
}

/// An attribute of the first element matching `css`, if there is one.
pub async fn attr(client: &Client, css: &str, name: &str) -> Option<String> {
    let el = client.find(Locator::Css(css)).await.ok()?;
    el.attr(name).await.ok().flatten()
}

/// Whether an element matches `css`.
pub async fn exists(client: &Client, css: &str) -> bool {
    client.find(Locator::Css(css)).await.is_ok()
}

/// What to do after a WebDriver command on an element failed: an element
/// the page has since drawn again ("stale") is looked for afresh; any
/// other error fails the test.
fn retry_if_stale<T>(result: Result<T, fantoccini::error::CmdError>, what: &str) -> Option<T> {
    match result {
        Ok(v) => Some(v),
        Err(e) if e.is_stale_element_reference() => None,
        Err(e) => panic!("{what}: {e}"),
    }
}

/// Clicks the element matching `css`, waiting for it to be there and
/// enabled. The page draws itself again on every message from the server,
/// so an element found a moment ago may be gone: it is found again.
pub async fn click(client: &Client, css: &str) {
    until(&format!("{css} to click"), || async {
        let el = client.find(Locator::Css(css)).await.ok()?;
        if !retry_if_stale(el.is_enabled().await, css)? {
            return None;
        }
        retry_if_stale(el.click().await, &format!("click {css}"))
    })
    .await;
}

/// Chooses `value` in the drop-down list matching `css` (found again if
/// the page drew itself anew meanwhile).
pub async fn choose(client: &Client, css: &str, value: &str) {
    until(&format!("{value} chosen in {css}"), || async {
        let el = client.find(Locator::Css(css)).await.ok()?;
        retry_if_stale(el.select_by_value(value).await, css)
    })
    .await;
}

/// Types `text` into the field matching `css` (after clearing it).
pub async fn type_into(client: &Client, css: &str, text: &str) {
    until(&format!("{css} to type into"), || async {
        let el = client.find(Locator::Css(css)).await.ok()?;
        retry_if_stale(el.clear().await, css)?;
        retry_if_stale(el.send_keys(text).await, css)
    })
    .await;
}

/// Runs a script in the page and returns its value.
pub async fn js(client: &Client, script: &str) -> Value {
    client.execute(script, vec![]).await.expect("a script runs")
}

/// Fails if the page is wider than its window (something would have to be
/// scrolled sideways): the layout must reflow at 200% zoom and on phones.
pub async fn check_fits(client: &Client, what: &str) {
    let v = js(
        client,
        "return [document.documentElement.scrollWidth, window.innerWidth];",
    )
    .await;
    let (page, window) = (v[0].as_u64(), v[1].as_u64());
    assert!(
        page <= window,
        "{what}: the page is {page:?} px wide in a {window:?} px window"
    );
}

/// Fails unless the question panel's top is on the screen: a new question
/// is brought into view, on a phone and at a high zoom too, where it sits
/// below the table.
pub async fn check_question_in_view(client: &Client, what: &str) {
    let v = js(
        client,
        "const q = document.getElementById('question'); \
         return q ? [q.getBoundingClientRect().top, window.innerHeight] : null;",
    )
    .await;
    let (top, height) = (v[0].as_f64(), v[1].as_f64());
    assert!(
        matches!((top, height), (Some(t), Some(h)) if t >= -1.0 && t < h),
        "{what}: the question panel is off the screen (top {top:?}, window {height:?})"
    );
}

/// Fails unless the page can be used without seeing it: every button,
/// link and field has a name a screen reader can say (its text, an
/// `aria-label`, or the label around it), every die is a button with
/// words or part of an image with words (hidden dice: one image for the
/// five), and the pictures themselves are hidden from screen readers.
pub async fn check_accessible(client: &Client, what: &str) {
    let v = js(
        client,
        "const name = (e) => (e.getAttribute('aria-label') || e.textContent || '').trim() \
           || (e.closest('label') ? e.closest('label').textContent.trim() : '') \
           || (e.id && document.querySelector(`label[for='${e.id}']`) ? 'label' : '') \
           || (e.getAttribute('placeholder') || '').trim(); \
         const bad = []; \
         for (const e of document.querySelectorAll('button, a[href], input, select')) { \
           if (!name(e)) bad.push(e.outerHTML.slice(0, 120)); } \
         for (const e of document.querySelectorAll('.die')) { \
           const pictured = e.closest('[role=img]'); \
           const ok = e.tagName === 'BUTTON' ? name(e) : pictured && name(pictured); \
           if (!ok) bad.push(e.outerHTML.slice(0, 120)); } \
         for (const e of document.querySelectorAll('svg')) { \
           if (e.getAttribute('aria-hidden') !== 'true' && !e.getAttribute('aria-label')) \
             bad.push(e.outerHTML.slice(0, 120)); } \
         return bad;",
    )
    .await;
    let bad = v.as_array().cloned().unwrap_or_default();
    assert!(bad.is_empty(), "{what}: elements without words: {bad:#?}");
}

/// What one seat's page showed at one of its turns.
#[derive(Clone, Debug)]
pub struct Snapshot {
    /// Public events the page had (`data-events`).
    pub events: usize,
    /// The question's kind.
    pub kind: String,
    /// Every `data-dice` on the page with its `data-kind`.
    pub dice: Vec<(String, String)>,
    /// The page's HTML.
    pub html: String,
}

/// The page's dice and events count at a question (from the live DOM).
pub async fn snapshot(client: &Client, kind: &str) -> Snapshot {
    let v = js(
        client,
        "return { events: Number(document.getElementById('table').dataset.events), \
           dice: [...document.querySelectorAll('[data-dice]')].map(e => [e.dataset.dice, e.dataset.kind || '']) };",
    )
    .await;
    let events = v["events"].as_u64().expect("data-events") as usize;
    let dice = v["dice"]
        .as_array()
        .expect("dice")
        .iter()
        .map(|d| {
            (
                d[0].as_str().unwrap_or_default().to_string(),
                d[1].as_str().unwrap_or_default().to_string(),
            )
        })
        .collect();
    let html = client.source().await.expect("the page source");
    Snapshot {
        events,
        kind: kind.to_string(),
        dice,
        html,
    }
}

/// A match as its replay tells it, public event by public event.
pub struct Replay {
    pub lines: Vec<Value>,
}

/// The truth after some public events: who holds which dice.
#[derive(Clone, Debug, Default)]
pub struct Truth {
    pub holder: Option<usize>,
    pub dice: Option<String>,
    /// Dice shown by challenges so far.
    pub revealed: Vec<String>,
}

impl Replay {
    pub fn parse(text: &str) -> Replay {
        let lines = text
            .lines()
            .map(|l| serde_json::from_str(l).expect("a replay line is JSON"))
            .collect();
        Replay { lines }
    }

    fn public(line: &Value) -> bool {
        !matches!(line["type"].as_str(), Some("match" | "log" | "match_end"))
    }

    /// Who held which dice after `count` public events.
    pub fn truth_after(&self, count: usize) -> Truth {
        let mut truth = Truth::default();
        let mut seen = 0;
        for line in &self.lines {
            if !Self::public(line) {
                continue;
            }
            if seen == count {
                break;
            }
            seen += 1;
            let seat = line["seat"].as_u64().map(|s| s as usize);
            match line["type"].as_str() {
                Some("round_start") => {
                    truth.holder = line["starter"].as_u64().map(|s| s as usize);
                    truth.dice = line["dice"].as_str().map(str::to_string);
                }
                Some("accept") => truth.holder = seat,
                Some("reroll") => truth.dice = line["dice"].as_str().map(str::to_string),
                Some("challenge") => {
                    let dice = line["dice"].as_str().unwrap_or_default().to_string();
                    truth.revealed.push(dice);
                    truth.holder = None;
                }
                Some("penalty" | "game_end") => truth.holder = None,
                _ => {}
            }
        }
        assert_eq!(
            seen, count,
            "the replay has fewer public events than the page"
        );
        truth
    }

    /// Every line of a type.
    pub fn of_type<'a>(&'a self, kind: &'a str) -> impl Iterator<Item = &'a Value> + 'a {
        self.lines.iter().filter(move |l| l["type"] == kind)
    }
}

/// Checks one seat's page at one of its turns against the replay: its own
/// dice are the true dice when it holds them, dice shown by challenges
/// were shown, and no other dice are on the page.
pub fn check_snapshot(replay: &Replay, seat: usize, snap: &Snapshot) {
    let truth = replay.truth_after(snap.events);
    for (dice, kind) in &snap.dice {
        match kind.as_str() {
            "own" => {
                assert_eq!(
                    truth.holder,
                    Some(seat),
                    "seat {seat} shows dice it does not hold"
                );
                assert_eq!(Some(dice), truth.dice.as_ref(), "seat {seat}'s own dice");
            }
            "revealed" => assert!(
                truth.revealed.contains(dice),
                "seat {seat} shows {dice} as revealed, but no challenge showed them"
            ),
            other => panic!("seat {seat} shows dice {dice} of kind {other:?} during the match"),
        }
    }
    if snap.kind != "respond" && truth.holder == Some(seat) {
        let own: Vec<_> = snap.dice.iter().filter(|(_, k)| k == "own").collect();
        assert_eq!(
            own.len(),
            1,
            "seat {seat} holds the dice but the page does not show them"
        );
    }
    if let (Some(holder), Some(dice)) = (truth.holder, truth.dice.as_ref())
        && holder != seat
    {
        let needle = format!("data-dice=\"{dice}\"");
        assert!(
            !snap.html.contains(&needle) || truth.revealed.contains(dice),
            "seat {seat}'s page holds seat {holder}'s hidden dice {dice}"
        );
    }
}

/// The runtime the tests drive the browser with.
pub fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a tokio runtime")
}

/// What a seat's page asks now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Next {
    /// A question: its number and kind.
    Question(u64, String),
    /// The match is over (the summary offers the replay).
    End,
}

/// Whether the page has a new question (not `answered`) or the match ended.
pub async fn next(client: &Client, answered: Option<u64>) -> Option<Next> {
    let v = js(
        client,
        "const q = document.querySelector('#question[data-turn]'); \
         const busy = q && [...q.querySelectorAll('button')].every(b => b.disabled); \
         return { end: !!document.getElementById('download'), \
                  turn: q && !busy ? Number(q.dataset.turn) : null, \
                  kind: q ? q.dataset.kind : null };",
    )
    .await;
    if v["end"].as_bool() == Some(true) {
        return Some(Next::End);
    }
    let turn = v["turn"].as_u64()?;
    (Some(turn) != answered).then(|| Next::Question(turn, v["kind"].as_str().unwrap_or("").into()))
}

/// Waits for [`next`]; on timeout saves `target/screenshots/failure-NAME.png`
/// and fails with what the page shows.
pub async fn wait_next(client: &Client, answered: Option<u64>, name: &str) -> Next {
    let deadline = Instant::now() + WAIT;
    loop {
        if let Some(step) = next(client, answered).await {
            return step;
        }
        if Instant::now() >= deadline {
            screenshot(client, &format!("failure-{name}")).await;
            let text = js(
                client,
                "const m = document.querySelector('main'); return m ? m.innerText : '';",
            )
            .await;
            panic!("{name}: no new question and no end of the match; the page shows:\n{text}");
        }
        tokio::time::sleep(POLL).await;
    }
}

/// Checks the claim picker against the engine: it offers exactly the
/// hands that beat the claim on the table under `ranking`, lowest first.
pub async fn check_picker(client: &Client, ranking: Ranking) {
    let to_beat = attr(client, "#to-beat", "data-claim")
        .await
        .map(|c| c.parse::<Dice>().expect("a hand").hand());
    let legal = ranking.hands_above(to_beat);
    let count = attr(client, ".picker", "data-legal").await;
    let lowest = attr(client, ".picker", "data-lowest").await;
    assert_eq!(
        count,
        Some(legal.len().to_string()),
        "legal claims over {to_beat:?}"
    );
    assert_eq!(
        lowest,
        legal.first().map(|h| h.to_string()),
        "the lowest legal claim"
    );
}

/// What a page has answered so far, by kind of answer.
#[derive(Clone, Copy, Debug, Default)]
pub struct Tally {
    pub believed: usize,
    pub challenged: usize,
    pub rethrown: usize,
    pub kept: usize,
    pub picked: usize,
    pub typed: usize,
    pub refused: usize,
}

impl Tally {
    /// Every kind of answer was given at least once.
    /// Whether to believe this time, counted: believing and challenging
    /// take turns, and a claim nothing beats is challenged.
    fn believes(&mut self, can_believe: bool) -> bool {
        let believe = can_believe && self.believed <= self.challenged;
        if believe {
            self.believed += 1;
        } else {
            self.challenged += 1;
        }
        believe
    }

    pub fn everything(&self) -> bool {
        [
            self.believed,
            self.challenged,
            self.rethrown,
            self.kept,
            self.picked,
            self.typed,
        ]
        .iter()
        .all(|&n| n > 0)
    }
}

/// Whether the page lets its person believe the claim (not when nothing
/// can be claimed over it).
async fn can_believe(client: &Client) -> bool {
    attr(client, "#believe", "disabled").await.is_none()
}

/// Waits until the die at `position` shows it is picked to be thrown.
async fn picked(client: &Client, position: usize) {
    let die = format!("button.die[data-position=\"{position}\"]");
    until(&format!("die {} to be picked", position + 1), || async {
        let pressed = attr(client, &die, "aria-pressed").await;
        (pressed.as_deref() == Some("true")).then_some(())
    })
    .await;
}

/// Presses `keys` on the page (not in a field), as a person at a keyboard.
pub async fn press(client: &Client, keys: &str) {
    let body = client.find(Locator::Css("body")).await.expect("the body");
    body.send_keys(keys)
        .await
        .unwrap_or_else(|e| panic!("pressing {keys:?}: {e}"));
}

/// Answers by the keyboard alone, with the keys the buttons show: B or D;
/// the digits 1–5 to pick dice, then T; C to claim what the picker offers.
pub async fn answer_by_keys(client: &Client, kind: &str, tally: &mut Tally) {
    match kind {
        "respond" => {
            let believe = tally.believes(can_believe(client).await);
            press(client, if believe { "b" } else { "d" }).await;
        }
        "reroll" => {
            let positions: &[usize] = if tally.rethrown > tally.kept {
                &[]
            } else {
                &[1, 3]
            };
            if positions.is_empty() {
                tally.kept += 1;
            } else {
                tally.rethrown += 1;
            }
            for p in positions {
                press(client, &(p + 1).to_string()).await;
                picked(client, *p).await;
            }
            press(client, "t").await;
        }
        "claim" => {
            tally.picked += 1;
            press(client, "c").await;
        }
        other => panic!("a question of unknown kind {other:?}"),
    }
}

/// Answers the question of `kind` by clicking, taking turns between the
/// ways to answer: believe or challenge; dice tapped and thrown, or all
/// kept; a claim picked (category, then faces) or typed in words.
pub async fn answer(client: &Client, kind: &str, tally: &mut Tally) {
    match kind {
        "respond" => {
            let believe = tally.believes(can_believe(client).await);
            click(client, if believe { "#believe" } else { "#disbelieve" }).await;
        }
        "reroll" => {
            let positions: &[usize] = match (tally.rethrown + tally.kept) % 3 {
                0 => &[0, 1],
                1 => &[],
                _ => &[4],
            };
            if positions.is_empty() {
                tally.kept += 1;
            } else {
                tally.rethrown += 1;
            }
            for p in positions {
                click(client, &format!("button.die[data-position=\"{p}\"]")).await;
                picked(client, *p).await;
            }
            click(client, "#throw").await;
        }
        "claim" if tally.refused == 0 && exists(client, "#to-beat").await => {
            // A claim that does not beat the claim on the table, typed as
            // the table shows it: the server refuses it, the page says so
            // and keeps the question open; then a legal claim is picked.
            tally.refused += 1;
            let turn = attr(client, "#question", "data-turn").await;
            let shown = js(
                client,
                "return document.querySelector('#to-beat .notation').textContent;",
            )
            .await;
            type_into(
                client,
                "#typed",
                shown.as_str().expect("the claim's notation"),
            )
            .await;
            click(client, "#send-typed").await;
            until("the refusal, with the question still open", || async {
                let refused = exists(client, ".notice.error").await;
                let open = attr(client, "#question", "data-turn").await == turn
                    && attr(client, "#claim", "disabled").await.is_none();
                (refused && open).then_some(())
            })
            .await;
            click(client, "#claim").await;
        }
        "claim" if tally.typed < tally.picked => {
            tally.typed += 1;
            // Typed: the words of the lowest legal claim, as the picker names it.
            let label = js(
                client,
                "return document.querySelector('#claim-hand option').textContent.split(' — ')[0];",
            )
            .await;
            let words = label.as_str().expect("a claim's words").to_string();
            type_into(client, "#typed", &words).await;
            click(client, "#send-typed").await;
        }
        "claim" => {
            let n = tally.picked;
            tally.picked += 1;
            let categories = js(
                client,
                "return [...document.querySelectorAll('#claim-category option')].map(o => o.value);",
            )
            .await;
            let categories = categories.as_array().expect("categories").clone();
            let pick = categories[n % categories.len().min(3)]
                .as_str()
                .expect("a category");
            choose(client, "#claim-category", pick).await;
            until("the hands of the category", || async {
                let v = js(
                    client,
                    "const o = document.querySelector('#claim-category'); return o ? o.value : null;",
                )
                .await;
                (v.as_str() == Some(pick)).then_some(())
            })
            .await;
            click(client, "#claim").await;
        }
        other => panic!("a question of unknown kind {other:?}"),
    }
}

/// A TCP proxy in front of the server whose connections the test can cut,
/// as a dropped network would.
pub struct Proxy {
    port: u16,
    open: std::sync::Arc<std::sync::Mutex<Vec<TcpStream>>>,
}

impl Proxy {
    /// Forwards every connection to `target` (`127.0.0.1:PORT`).
    pub fn start(target: &str) -> Proxy {
        let listener = TcpListener::bind("127.0.0.1:0").expect("a proxy port");
        let port = listener.local_addr().expect("its address").port();
        let open = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
        let conns = open.clone();
        let target = target.to_string();
        std::thread::spawn(move || {
            for client in listener.incoming().map_while(Result::ok) {
                let Ok(upstream) = TcpStream::connect(&target) else {
                    continue;
                };
                let pipes = [
                    (client.try_clone(), upstream.try_clone()),
                    (upstream.try_clone(), client.try_clone()),
                ];
                for (from, to) in pipes {
                    if let (Ok(mut from), Ok(mut to)) = (from, to) {
                        std::thread::spawn(move || {
                            let _ = std::io::copy(&mut from, &mut to);
                            let _ = to.shutdown(std::net::Shutdown::Both);
                        });
                    }
                }
                let mut open = conns.lock().unwrap_or_else(|e| e.into_inner());
                open.push(client);
                open.push(upstream);
            }
        });
        Proxy { port, open }
    }

    pub fn url(&self, path: &str) -> String {
        format!("http://127.0.0.1:{}{path}", self.port)
    }

    /// Cuts every connection open now.
    pub fn cut(&self) {
        let mut open = self.open.lock().unwrap_or_else(|e| e.into_inner());
        for s in open.drain(..) {
            let _ = s.shutdown(std::net::Shutdown::Both);
        }
    }
}
