//! Downloads produced into a temporary file first and sent from there (`domain::reports::spool`,
//! decision 144): the sheets and the subject report. Whatever the producer holds — a database
//! snapshot — is let go before the client's pace matters.

use axum::{
    body::{Body, Bytes},
    http::{HeaderValue, header},
    response::{IntoResponse, Response},
};

use crate::domain::{
    self,
    reports::spool::{self, Spool},
};

/// A download (a sheet, a subject report) whose body `write` produces (in a task) into a temporary file, sent once it
/// is whole ([`spool`]): whatever `write` holds (a database snapshot) is let go before the client's
/// pace matters. A client that goes away while the file is produced stops the production; one that
/// takes no chunk for [`spool::STALL`] is dropped. A download cut short ends with an error, never
/// with a clean end a client could take for the whole file; the cause is logged.
pub fn download<F, Fut>(file: String, content_type: &'static str, write: F) -> Response
where
    F: FnOnce(Spool) -> Fut + Send + 'static,
    Fut: std::future::Future<Output = Result<(), domain::Error>> + Send,
{
    let (tx, mut rx) = tokio::sync::mpsc::channel::<std::io::Result<Bytes>>(8);
    let complete = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let done = complete.clone();
    tokio::spawn(async move {
        let (out, spooled) = match spool::create() {
            Ok(ends) => ends,
            Err(err) => return tracing::error!(error = %err, "download: no temporary file"),
        };
        let produced = tokio::select! {
            produced = write(out) => produced,
            () = tx.closed() => return tracing::debug!("download: the client went away"),
        };
        if let Err(err) = produced {
            return tracing::error!(error = %err, "download cut short");
        }
        match spooled.send(&tx).await {
            Ok(()) => done.store(true, std::sync::atomic::Ordering::Release),
            Err(err) => tracing::warn!(error = %err, "download cut short"),
        }
    });
    let mut cut = false;
    let stream = futures::stream::poll_fn(move |cx| match rx.poll_recv(cx) {
        std::task::Poll::Ready(None) if !cut && !complete.load(std::sync::atomic::Ordering::Acquire) => {
            cut = true;
            std::task::Poll::Ready(Some(Err(std::io::Error::other("download interrompido"))))
        }
        other => other,
    });
    let mut response = Body::from_stream(stream).into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    if let Ok(value) = HeaderValue::from_str(&format!("attachment; filename=\"{file}\"")) {
        headers.insert(header::CONTENT_DISPOSITION, value);
    }
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}
