//! A webhook receiver on loopback: records every request (headers and body) and answers with the
//! status codes the test queues (200 once the queue is empty), optionally after a delay.

use std::{
    collections::VecDeque,
    net::SocketAddr,
    sync::{Arc, Mutex},
    time::{Duration, Instant},
};

use axum::{
    Router,
    body::Bytes,
    extract::State,
    http::{HeaderMap, StatusCode},
    routing::post,
};

/// One request the server made.
#[derive(Debug, Clone)]
pub struct Received {
    pub headers: HeaderMap,
    pub body: Bytes,
}

impl Received {
    pub fn webhook_id(&self) -> String {
        self.headers["webhook-id"].to_str().unwrap().to_owned()
    }

    pub fn json(&self) -> serde_json::Value {
        serde_json::from_slice(&self.body).unwrap()
    }
}

#[derive(Default)]
struct Inner {
    received: Mutex<Vec<Received>>,
    answers: Mutex<VecDeque<u16>>,
    delay: Mutex<Duration>,
}

/// A running receiver.
#[derive(Clone)]
pub struct Receiver {
    pub address: SocketAddr,
    inner: Arc<Inner>,
}

async fn receive(State(inner): State<Arc<Inner>>, headers: HeaderMap, body: Bytes) -> StatusCode {
    inner.received.lock().unwrap().push(Received { headers, body });
    let delay = *inner.delay.lock().unwrap();
    if !delay.is_zero() {
        tokio::time::sleep(delay).await;
    }
    let code = inner.answers.lock().unwrap().pop_front().unwrap_or(200);
    StatusCode::from_u16(code).unwrap()
}

impl Receiver {
    pub async fn start() -> Self {
        let inner = Arc::new(Inner::default());
        let router = Router::new().route("/hook", post(receive)).with_state(inner.clone());
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let address = listener.local_addr().unwrap();
        tokio::spawn(async move { axum::serve(listener, router).await });
        Self { address, inner }
    }

    pub fn url(&self) -> String {
        format!("http://{}/hook", self.address)
    }

    /// The next answers, in order (then 200).
    pub fn answer(&self, codes: &[u16]) {
        self.inner.answers.lock().unwrap().extend(codes.iter().copied());
    }

    pub fn delay(&self, delay: Duration) {
        *self.inner.delay.lock().unwrap() = delay;
    }

    pub fn received(&self) -> Vec<Received> {
        self.inner.received.lock().unwrap().clone()
    }

    /// Waits until `count` requests arrived (within `within`).
    pub async fn wait(&self, count: usize, within: Duration) -> Vec<Received> {
        let deadline = Instant::now() + within;
        loop {
            let received = self.received();
            if received.len() >= count {
                return received;
            }
            assert!(Instant::now() < deadline, "the receiver got {} of {count} requests", received.len());
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
}
