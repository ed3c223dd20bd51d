//! Accepting connections: HTTP/1.1 over hyper with the limits a public server needs
//! (docs/operations.md#connection-limits).
//!
//! axum's own `serve` keeps any connection as long as the client likes; behind no proxy, a client
//! sending headers a byte at a time, or holding idle keep-alive connections, exhausts descriptors.
//! Here every connection gets:
//! * a **header read timeout** (hyper's: the whole request head within it, also for each next
//!   request of a keep-alive connection);
//! * an **idle timeout**: a connection with no request in flight and no bytes moving is closed;
//! * a **cap per client address** of open connections (trusted proxies exempt: they carry many
//!   clients), beyond which new connections are closed at once;
//! * a header buffer large enough that an oversized token still reaches the API (which answers
//!   the JSON 401) instead of hyper's bare 431.
//!
//! Request bodies have their own read deadline (`http::extract`). Upgraded connections (the
//! WebSocket) leave this accounting when the upgrade completes; the socket has its own limits.

use std::{
    collections::HashMap,
    future::Future,
    io,
    net::IpAddr,
    pin::Pin,
    sync::{
        Arc, Mutex,
        atomic::{AtomicU64, AtomicUsize, Ordering},
    },
    task::{Context, Poll},
    time::{Duration, Instant},
};

use axum::{Router, extract::ConnectInfo};
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::{
    io::{AsyncRead, AsyncWrite, ReadBuf},
    net::{TcpListener, TcpStream},
};
use tower::ServiceExt;

/// Limits every connection gets.
#[derive(Debug, Clone)]
pub struct ConnectionLimits {
    pub header_read_timeout: Duration,
    pub idle_timeout: Duration,
    /// Open connections per client address (0 = no cap).
    pub per_address: usize,
    /// Addresses exempt from the cap (the trusted reverse proxies).
    pub exempt: Vec<IpAddr>,
}

/// Largest request head accepted: enough for a hostile 1 MB token to be read and refused with the
/// API's JSON answer. Connections are capped per address, which bounds what this costs.
const MAX_HEAD_BYTES: usize = 1024 * 1024 + 64 * 1024;
/// How often idle connections are looked for.
const IDLE_CHECK: Duration = Duration::from_secs(1);
/// How long shutdown waits for requests in flight.
const DRAIN_LIMIT: Duration = Duration::from_secs(10);

/// Serves `app` on `listener` until `shutdown` completes, then stops accepting, lets requests in
/// flight finish (at most [`DRAIN_LIMIT`]) and returns.
pub async fn serve(listener: TcpListener, app: Router, limits: ConnectionLimits, shutdown: impl Future<Output = ()>) {
    // Told to every connection task when the server stops; each finishes its request in flight.
    let (stopping, _) = tokio::sync::watch::channel(false);
    let open = Arc::new(OpenConnections::default());
    let epoch = Instant::now();
    tokio::pin!(shutdown);
    loop {
        let (stream, peer) = tokio::select! {
            () = &mut shutdown => break,
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(err) => {
                    // Out of descriptors and the like: back off instead of spinning.
                    tracing::warn!(error = %err, "accept failed");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
        };
        let Some(slot) = open.take(peer.ip(), &limits) else {
            tracing::debug!(address = %peer.ip(), "connection refused: too many open from this address");
            drop(stream);
            continue;
        };
        let _ = stream.set_nodelay(true);
        let activity = Arc::new(Activity::new(epoch));
        let io = TokioIo::new(WatchedIo { inner: stream, activity: activity.clone() });
        let service = {
            let activity = activity.clone();
            let app = app.clone();
            hyper::service::service_fn(move |mut request: hyper::Request<hyper::body::Incoming>| {
                request.extensions_mut().insert(ConnectInfo(peer));
                let busy = activity.request_started();
                let app = app.clone();
                async move {
                    let response = app.oneshot(request.map(axum::body::Body::new)).await;
                    drop(busy);
                    response
                }
            })
        };
        let connection = http1::Builder::new()
            .timer(TokioTimer::new())
            .header_read_timeout(limits.header_read_timeout)
            .max_buf_size(MAX_HEAD_BYTES)
            .serve_connection(io, service)
            .with_upgrades();
        let idle_timeout = limits.idle_timeout;
        let mut stop = stopping.subscribe();
        tokio::spawn(async move {
            let _slot = slot;
            tokio::pin!(connection);
            let mut draining = false;
            loop {
                tokio::select! {
                    result = connection.as_mut() => {
                        if let Err(err) = result {
                            tracing::debug!(error = %err, "connection ended with an error");
                        }
                        return;
                    }
                    () = activity.idle_for(idle_timeout) => {
                        tracing::debug!("idle connection closed");
                        return;
                    }
                    changed = stop.changed(), if !draining => {
                        // Finish the request in flight, then close (no more keep-alive).
                        draining = true;
                        if changed.is_ok() {
                            connection.as_mut().graceful_shutdown();
                        }
                    }
                }
            }
        });
    }
    drop(listener);
    let _ = stopping.send(true);
    let deadline = Instant::now() + DRAIN_LIMIT;
    while open.total() > 0 && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    if open.total() > 0 {
        tracing::warn!(open = open.total(), "connections still open after the drain limit");
    }
}

/// Open connections per client address.
#[derive(Default)]
struct OpenConnections {
    by_address: Mutex<HashMap<IpAddr, usize>>,
}

impl OpenConnections {
    /// Connections open now (upgraded ones excluded).
    fn total(&self) -> usize {
        self.by_address.lock().unwrap_or_else(std::sync::PoisonError::into_inner).values().sum()
    }

    fn take(self: &Arc<Self>, ip: IpAddr, limits: &ConnectionLimits) -> Option<Slot> {
        let mut counts = self.by_address.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let count = counts.entry(ip).or_default();
        if limits.per_address > 0 && *count >= limits.per_address && !limits.exempt.contains(&ip) {
            return None;
        }
        *count += 1;
        Some(Slot { open: self.clone(), ip })
    }
}

/// One counted connection; uncounted when dropped.
struct Slot {
    open: Arc<OpenConnections>,
    ip: IpAddr,
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut counts = self.open.by_address.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(count) = counts.get_mut(&self.ip) {
            *count -= 1;
            if *count == 0 {
                counts.remove(&self.ip);
            }
        }
    }
}

/// When a connection last moved bytes, and how many requests it has in flight.
struct Activity {
    epoch: Instant,
    /// Milliseconds since `epoch` of the last read or write.
    last_ms: AtomicU64,
    in_flight: AtomicUsize,
}

impl Activity {
    fn new(epoch: Instant) -> Self {
        let activity = Self { epoch, last_ms: AtomicU64::new(0), in_flight: AtomicUsize::new(0) };
        activity.touch();
        activity
    }

    fn touch(&self) {
        self.last_ms.store(self.epoch.elapsed().as_millis() as u64, Ordering::Relaxed);
    }

    fn request_started(self: &Arc<Self>) -> Busy {
        self.in_flight.fetch_add(1, Ordering::Relaxed);
        Busy(self.clone())
    }

    /// Completes once the connection has been idle (nothing in flight, no bytes) for `limit`.
    async fn idle_for(&self, limit: Duration) {
        loop {
            tokio::time::sleep(IDLE_CHECK).await;
            let last = Duration::from_millis(self.last_ms.load(Ordering::Relaxed));
            if self.in_flight.load(Ordering::Relaxed) == 0 && self.epoch.elapsed().saturating_sub(last) >= limit {
                return;
            }
        }
    }
}

/// A request in flight.
struct Busy(Arc<Activity>);

impl Drop for Busy {
    fn drop(&mut self) {
        self.0.in_flight.fetch_sub(1, Ordering::Relaxed);
        self.0.touch();
    }
}

/// The TCP stream, noting each read and write.
struct WatchedIo {
    inner: TcpStream,
    activity: Arc<Activity>,
}

impl AsyncRead for WatchedIo {
    fn poll_read(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<io::Result<()>> {
        let before = buf.filled().len();
        let result = Pin::new(&mut self.inner).poll_read(cx, buf);
        if matches!(result, Poll::Ready(Ok(()))) && buf.filled().len() > before {
            self.activity.touch();
        }
        result
    }
}

impl AsyncWrite for WatchedIo {
    fn poll_write(mut self: Pin<&mut Self>, cx: &mut Context<'_>, data: &[u8]) -> Poll<io::Result<usize>> {
        let result = Pin::new(&mut self.inner).poll_write(cx, data);
        if matches!(result, Poll::Ready(Ok(n)) if n > 0) {
            self.activity.touch();
        }
        result
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let result = Pin::new(&mut self.inner).poll_write_vectored(cx, bufs);
        if matches!(result, Poll::Ready(Ok(n)) if n > 0) {
            self.activity.touch();
        }
        result
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }
}
