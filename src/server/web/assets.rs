//! The web table (issue 14): the page, its script and its style, built into
//! the binary from `web/` at compile time and served with their content
//! types and a strict Content-Security-Policy. Nothing here reads the file
//! system at request time: every path either names one embedded file or is
//! the page itself (the lobby `/` and a table `/table/{id}`, which the
//! script tells apart by the address).

use axum::Router;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;

/// The page's policy: only this server's own script, style and socket; no
/// inline script or style, no frames, no forms posting elsewhere.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'none'; script-src 'self'; \
     style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; \
     form-action 'none'; frame-ancestors 'none'";

/// One embedded file: its path under `/web/`, content type and bytes.
struct Asset {
    name: &'static str,
    content_type: &'static str,
    body: &'static str,
}

const HTML: &str = "text/html; charset=utf-8";
const JS: &str = "text/javascript; charset=utf-8";

/// Every file of `web/`.
const ASSETS: &[Asset] = &[
    Asset {
        name: "index.html",
        content_type: HTML,
        body: include_str!("../../../web/index.html"),
    },
    Asset {
        name: "style.css",
        content_type: "text/css; charset=utf-8",
        body: include_str!("../../../web/style.css"),
    },
    Asset {
        name: "i18n.js",
        content_type: JS,
        body: include_str!("../../../web/i18n.js"),
    },
    Asset {
        name: "hands.js",
        content_type: JS,
        body: include_str!("../../../web/hands.js"),
    },
    Asset {
        name: "model.js",
        content_type: JS,
        body: include_str!("../../../web/model.js"),
    },
    Asset {
        name: "dice.js",
        content_type: JS,
        body: include_str!("../../../web/dice.js"),
    },
    Asset {
        name: "app.js",
        content_type: JS,
        body: include_str!("../../../web/app.js"),
    },
    Asset {
        name: "favicon.svg",
        content_type: "image/svg+xml",
        body: include_str!("../../../web/favicon.svg"),
    },
];

/// The routes of the web table: the lobby page `/`, a table's page
/// `/table/{id}` (the same page; its script reads the address), and the
/// embedded files under `/web/`. Mount them with `Router::merge`.
pub fn routes<S: Clone + Send + Sync + 'static>() -> Router<S> {
    Router::new()
        .route("/", get(page))
        .route("/table/{id}", get(page))
        .route("/favicon.ico", get(favicon))
        .route("/web/{name}", get(asset))
}

async fn page() -> Response {
    serve("index.html")
}

async fn favicon() -> Response {
    serve("favicon.svg")
}

async fn asset(axum::extract::Path(name): axum::extract::Path<String>) -> Response {
    serve(&name)
}

/// The embedded file `name` with its headers, or 404 for any other name.
fn serve(name: &str) -> Response {
    let Some(asset) = ASSETS.iter().find(|a| a.name == name) else {
        return (StatusCode::NOT_FOUND, "not found").into_response();
    };
    let mut response = asset.body.into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static(asset.content_type),
    );
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(CONTENT_SECURITY_POLICY),
    );
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_asset_is_served_and_others_are_not() {
        for asset in ASSETS {
            let r = serve(asset.name);
            assert_eq!(r.status(), StatusCode::OK, "{}", asset.name);
            assert!(r.headers().contains_key(header::CONTENT_SECURITY_POLICY));
        }
        for name in ["../Cargo.toml", "", "app.js.map", "%2e%2e"] {
            assert_eq!(serve(name).status(), StatusCode::NOT_FOUND, "{name}");
        }
    }

    /// The keys of one language's table in `web/i18n.js`.
    fn keys(table: &str) -> std::collections::BTreeSet<&str> {
        table
            .lines()
            .filter_map(|l| l.strip_prefix("    ")?.split_once(": ").map(|(k, _)| k))
            .filter(|k| !k.starts_with(' ') && !k.starts_with('/'))
            .map(|k| k.trim_matches('"'))
            .collect()
    }

    #[test]
    fn every_string_of_the_page_is_in_both_languages() {
        let i18n = ASSETS.iter().find(|a| a.name == "i18n.js").unwrap().body;
        let en = &i18n[i18n.find("  en: {").unwrap()..i18n.find("  ru: {").unwrap()];
        let ru = &i18n[i18n.find("  ru: {").unwrap()..i18n.find("// Counted nouns").unwrap()];
        assert!(keys(en).len() > 100);
        assert_eq!(keys(en), keys(ru));
    }

    #[test]
    fn the_page_loads_only_embedded_files() {
        let page = ASSETS[0].body;
        for src in page
            .split("src=\"")
            .skip(1)
            .chain(page.split("href=\"").skip(1))
        {
            let path = src.split('"').next().unwrap_or("");
            let name = path
                .strip_prefix("/web/")
                .unwrap_or_else(|| panic!("{path}"));
            assert!(ASSETS.iter().any(|a| a.name == name), "{path}");
        }
    }
}
