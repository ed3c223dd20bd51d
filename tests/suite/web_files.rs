//! What a browser gets for the web app and the API, as a returning visitor would notice it: hashed
//! assets cached for a year and sent precompressed, `index.html` revalidated with an ETag (a deploy
//! is seen on the next load, an unchanged one costs a 304), and large API answers compressed.

use std::path::Path;

use reqwest::{
    Method, StatusCode,
    header::{ACCEPT_ENCODING, CACHE_CONTROL, CONTENT_ENCODING, ETAG, HOST, IF_NONE_MATCH},
};

use crate::support::TestApp;

const INDEX: &str = "<!doctype html><title>Back-office</title><div id=root></div>";
const SCRIPT: &str = "app-4f2a9c.js";

/// A built app as `npm run build` leaves it: the asset with its `.br` and `.gz` beside it.
fn write_dist(dir: &Path) {
    std::fs::create_dir_all(dir.join("assets")).unwrap();
    std::fs::write(dir.join("index.html"), INDEX).unwrap();
    std::fs::write(dir.join("assets").join(SCRIPT), "console.log('plain');".repeat(100)).unwrap();
    std::fs::write(dir.join("assets").join(format!("{SCRIPT}.br")), b"brotli bytes").unwrap();
    std::fs::write(dir.join("assets").join(format!("{SCRIPT}.gz")), b"gzip bytes").unwrap();
    std::fs::write(dir.join("robots.txt"), "User-agent: *\n").unwrap();
}

async fn app_with_dist() -> (TestApp, tempfile::TempDir) {
    let dist = tempfile::tempdir().unwrap();
    write_dist(dist.path());
    let path = dist.path().to_owned();
    (TestApp::spawn_with(move |config| config.web_dist = path).await, dist)
}

async fn get(app: &TestApp, path: &str, headers: &[(reqwest::header::HeaderName, &str)]) -> reqwest::Response {
    let mut request = app.client.get(app.url(path)).header(HOST, "acme.localhost");
    for (name, value) in headers {
        request = request.header(name.clone(), *value);
    }
    request.send().await.unwrap()
}

fn header(response: &reqwest::Response, name: reqwest::header::HeaderName) -> String {
    response.headers().get(name).and_then(|v| v.to_str().ok()).unwrap_or_default().to_owned()
}

#[tokio::test]
async fn hashed_assets_are_cached_for_a_year_and_sent_precompressed() {
    let (app, _dist) = app_with_dist().await;
    let path = format!("/assets/{SCRIPT}");

    let brotli = get(&app, &path, &[(ACCEPT_ENCODING, "gzip, deflate, br")]).await;
    assert_eq!(brotli.status(), StatusCode::OK);
    assert_eq!(header(&brotli, CONTENT_ENCODING), "br");
    assert_eq!(header(&brotli, CACHE_CONTROL), "public, max-age=31536000, immutable");
    assert_eq!(brotli.bytes().await.unwrap().as_ref(), b"brotli bytes");

    let gzip = get(&app, &path, &[(ACCEPT_ENCODING, "gzip")]).await;
    assert_eq!(header(&gzip, CONTENT_ENCODING), "gzip");
    assert_eq!(gzip.bytes().await.unwrap().as_ref(), b"gzip bytes");

    // A client without compression gets the file itself.
    let plain = get(&app, &path, &[]).await;
    assert_eq!(header(&plain, CONTENT_ENCODING), "");
    assert!(plain.text().await.unwrap().starts_with("console.log('plain');"));

    // A missing asset is a 404 nobody keeps, never the app's HTML cached for a year.
    let missing = get(&app, "/assets/app-000000.js", &[(ACCEPT_ENCODING, "br")]).await;
    assert_eq!(missing.status(), StatusCode::NOT_FOUND);
    assert_eq!(header(&missing, CACHE_CONTROL), "no-store");
}

#[tokio::test]
async fn the_app_page_is_revalidated_with_an_etag_on_every_route() {
    let (app, _dist) = app_with_dist().await;
    let first = get(&app, "/inbox", &[]).await;
    assert_eq!(first.status(), StatusCode::OK);
    assert_eq!(header(&first, CACHE_CONTROL), "no-cache");
    let etag = header(&first, ETAG);
    assert!(etag.starts_with('"') && etag.len() > 10, "{etag}");
    assert_eq!(first.text().await.unwrap(), INDEX);

    for path in ["/", "/index.html", "/dashboard/report", "/users/edit/3"] {
        let again = get(&app, path, &[(IF_NONE_MATCH, &etag)]).await;
        assert_eq!(again.status(), StatusCode::NOT_MODIFIED, "{path}");
        assert_eq!(header(&again, ETAG), etag, "{path}");
    }
    let stale = get(&app, "/", &[(IF_NONE_MATCH, "\"another-build\"")]).await;
    assert_eq!(stale.status(), StatusCode::OK);
    assert_eq!(stale.text().await.unwrap(), INDEX);

    let robots = get(&app, "/robots.txt", &[]).await;
    assert_eq!(robots.status(), StatusCode::OK);
    assert_eq!(header(&robots, CACHE_CONTROL), "no-cache");
}

#[tokio::test]
async fn large_api_answers_are_compressed_small_ones_are_not() {
    let app = TestApp::spawn().await;
    let host = "backoffice.localhost";
    let large = app
        .client
        .request(Method::GET, app.url("/api/openapi.json"))
        .header(HOST, host)
        .header(ACCEPT_ENCODING, "gzip")
        .send()
        .await
        .unwrap();
    assert_eq!(large.status(), StatusCode::OK);
    assert_eq!(header(&large, CONTENT_ENCODING), "gzip");
    let compressed = large.bytes().await.unwrap();
    let plain = app.call(Method::GET, host, "/api/openapi.json", None, None).await;
    assert_eq!(header(&plain, CONTENT_ENCODING), "");
    let plain = plain.bytes().await.unwrap();
    assert!(compressed.len() * 4 < plain.len(), "{} vs {} bytes", compressed.len(), plain.len());

    let small = app
        .client
        .request(Method::GET, app.url("/api/auth/userInfo"))
        .header(HOST, host)
        .header(ACCEPT_ENCODING, "gzip")
        .send()
        .await
        .unwrap();
    assert_eq!(small.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(header(&small, CONTENT_ENCODING), "");
}
