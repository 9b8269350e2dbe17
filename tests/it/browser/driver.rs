//! Finding a browser and its WebDriver server, and opening windows in it
//! (zoomed, sized, in a language).

use super::{POLL, Process, WAIT, free_port, js};
use fantoccini::wd::WebDriverCompatibleCommand;
use fantoccini::{Client, ClientBuilder};
use serde_json::json;
use std::io::Write;
use std::net::TcpStream;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::Instant;

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
