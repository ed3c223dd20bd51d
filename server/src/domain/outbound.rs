//! Every HTTP call the server makes to an address a tenant chose — instance providers and
//! webhook receivers — goes through the one client this module builds (docs/operations.md#outbound-calls):
//!
//! - names are resolved by [`PublicOnly`], which refuses a name with any non-public address, so
//!   the connection goes to exactly the addresses just checked (no second lookup a rebinding DNS
//!   server could answer differently);
//! - literal IP hosts never reach a resolver: callers check them with [`is_public`];
//! - no proxy, not even `HTTPS_PROXY`/`HTTP_PROXY`/`ALL_PROXY` from the environment (through a
//!   proxy, the proxy would resolve and connect, past the check), and no redirects;
//! - answers are read with a cap ([`read_capped`], [`read_prefix`]), never buffered whole.
//!
//! `ALLOW_PRIVATE_PROVIDERS` / `ALLOW_PRIVATE_WEBHOOKS` lift the address rule (tests, on-premise
//! set-ups), never the rest.

use std::{
    net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr},
    sync::Arc,
    time::Duration,
};

/// Why an address is refused, in pt_BR. Never names the address a name resolved to: the tenant
/// must not learn what the server's network looks like from the inside.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct Refused(pub String);

/// Whether an address is on the public internet: unicast, globally routed, not special-purpose
/// (IANA's special-purpose registries). IPv6 forms that carry an IPv4 address — mapped,
/// compatible, NAT64, 6to4 — are judged by that IPv4 address.
pub fn is_public(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => is_public_v4(v4),
        IpAddr::V6(v6) => is_public_v6(v6),
    }
}

fn is_public_v4(ip: Ipv4Addr) -> bool {
    let [a, b, c, _] = ip.octets();
    let special = a == 0 // 0/8 "this network"
        || a == 10 // 10/8 private
        || a == 127 // 127/8 loopback
        || (a == 100 && (b & 0xc0) == 64) // 100.64/10 carrier-grade NAT
        || (a == 169 && b == 254) // 169.254/16 link-local (cloud metadata)
        || (a == 172 && (b & 0xf0) == 16) // 172.16/12 private
        || (a == 192 && b == 0 && c == 0) // 192.0.0/24 IETF protocol assignments
        || (a == 192 && b == 0 && c == 2) // 192.0.2/24 documentation
        || (a == 192 && b == 88 && c == 99) // 192.88.99/24 6to4 relay anycast (deprecated)
        || (a == 192 && b == 168) // 192.168/16 private
        || (a == 198 && (b & 0xfe) == 18) // 198.18/15 benchmarking
        || (a == 198 && b == 51 && c == 100) // 198.51.100/24 documentation
        || (a == 203 && b == 0 && c == 113) // 203.0.113/24 documentation
        || a >= 224; // 224/4 multicast, 240/4 reserved, 255.255.255.255 broadcast
    !special
}

fn is_public_v6(ip: Ipv6Addr) -> bool {
    let s = ip.segments();
    let low_v4 = Ipv4Addr::new((s[6] >> 8) as u8, s[6] as u8, (s[7] >> 8) as u8, s[7] as u8);
    // ::ffff:a.b.c.d (mapped): the IPv4 address is what a dual-stack socket connects to.
    if s[..6] == [0, 0, 0, 0, 0, 0xffff] {
        return is_public_v4(low_v4);
    }
    // ::a.b.c.d (IPv4-compatible, deprecated by RFC 4291; `::` and `::1` among them): never a
    // real destination, whatever IPv4 address it carries.
    if s[..6] == [0; 6] {
        return false;
    }
    // 64:ff9b::/96 well-known NAT64: the translator connects to the embedded IPv4 address.
    if s[..6] == [0x64, 0xff9b, 0, 0, 0, 0] {
        return is_public_v4(low_v4);
    }
    // Only 2000::/3 is global unicast; everything else (ff00::/8 multicast, fc00::/7 unique local,
    // fe80::/10 link-local, fec0::/10 site-local, 100::/64 discard, 64:ff9b:1::/48 local NAT64,
    // 5f00::/16 SRv6, ::ffff:0:0:0/96 translated) is not.
    if (s[0] & 0xe000) != 0x2000 {
        return false;
    }
    // 2001::/23 IETF protocol assignments (Teredo 2001::/32 among them: its IPv4 is obfuscated
    // and its relays reach anywhere), 2001:db8::/32 and 3fff::/20 documentation.
    if (s[0] == 0x2001 && (s[1] < 0x0200 || s[1] == 0x0db8)) || (s[0] & 0xfff0) == 0x3ff0 {
        return false;
    }
    // 2002::/16 6to4: the IPv4 address in bits 16..48 is where it goes.
    if s[0] == 0x2002 {
        return is_public_v4(Ipv4Addr::new((s[1] >> 8) as u8, s[1] as u8, (s[2] >> 8) as u8, s[2] as u8));
    }
    true
}

/// The addresses of `host` (a name or a literal), refused when any is not public (unless
/// `allow_private`): one private answer among public ones is enough to refuse, since the client
/// may try any of them.
pub async fn resolve(host: &str, port: u16, allow_private: bool) -> Result<Vec<SocketAddr>, Refused> {
    let host = host.trim_matches(['[', ']']);
    let addrs: Vec<SocketAddr> = tokio::net::lookup_host((host, port))
        .await
        .map_err(|_| Refused(format!("Não foi possível resolver {host}.")))?
        .collect();
    if addrs.is_empty() {
        return Err(Refused(format!("{host} não tem endereço.")));
    }
    if !allow_private && addrs.iter().any(|a| !is_public(a.ip())) {
        return Err(Refused(format!(
            "{host} resolve para um endereço que não é público (rede privada, loopback, reservada ou de \
             metadados): não permitido."
        )));
    }
    Ok(addrs)
}

/// The resolver of every outbound client: [`resolve`], so that what is connected to is what
/// was checked.
struct PublicOnly {
    allow_private: bool,
}

impl reqwest::dns::Resolve for PublicOnly {
    fn resolve(&self, name: reqwest::dns::Name) -> reqwest::dns::Resolving {
        let allow_private = self.allow_private;
        Box::pin(async move {
            // Port 0: reqwest puts the URL's port on the addresses.
            let addrs = resolve(name.as_str(), 0, allow_private).await?;
            Ok(Box::new(addrs.into_iter()) as reqwest::dns::Addrs)
        })
    }
}

/// An outbound client: names resolved and checked by [`PublicOnly`], no proxy, no redirects.
/// Built once per purpose and reused (its connections were checked when they were opened).
pub fn client(allow_private: bool, timeout: Duration, user_agent: &'static str) -> reqwest::Result<reqwest::Client> {
    reqwest::Client::builder()
        .no_proxy()
        .redirect(reqwest::redirect::Policy::none())
        .dns_resolver(Arc::new(PublicOnly { allow_private }))
        .timeout(timeout)
        .connect_timeout(Duration::from_secs(5))
        .user_agent(user_agent)
        .build()
}

/// The refusal behind a failed request, when the resolver refused its name.
pub fn refusal(err: &reqwest::Error) -> Option<&Refused> {
    let mut source: Option<&(dyn std::error::Error + 'static)> = Some(err);
    while let Some(current) = source {
        if let Some(refused) = current.downcast_ref::<Refused>() {
            return Some(refused);
        }
        source = current.source();
    }
    None
}

/// Why an answer's body could not be read.
#[derive(Debug, thiserror::Error)]
pub enum BodyError {
    /// Longer than the cap (declared or streamed): the rest was not read.
    #[error("a resposta passou de {}", size(*.0))]
    TooLarge(usize),
    #[error("falha ao ler a resposta")]
    Network(#[from] reqwest::Error),
}

/// A cap in words: "16 MiB", "64 KiB".
pub fn size(bytes: usize) -> String {
    match bytes {
        b if b >= 1 << 20 && b % (1 << 20) == 0 => format!("{} MiB", b >> 20),
        b if b >= 1 << 10 && b % (1 << 10) == 0 => format!("{} KiB", b >> 10),
        b => format!("{b} bytes"),
    }
}

/// The whole body, up to `cap` bytes; a longer one (declared or streamed) is refused as soon as
/// it passes the cap, and its rest is never read (the connection is then dropped).
pub async fn read_capped(mut response: reqwest::Response, cap: usize) -> Result<Vec<u8>, BodyError> {
    if response.content_length().is_some_and(|declared| declared > cap as u64) {
        return Err(BodyError::TooLarge(cap));
    }
    let mut body = Vec::new();
    while let Some(chunk) = response.chunk().await? {
        if body.len() + chunk.len() > cap {
            return Err(BodyError::TooLarge(cap));
        }
        body.extend_from_slice(&chunk);
    }
    Ok(body)
}

/// The first `limit` bytes of the body (what a log keeps of it); the rest is never read.
pub async fn read_prefix(mut response: reqwest::Response, limit: usize) -> Result<Vec<u8>, reqwest::Error> {
    let mut body = Vec::new();
    while body.len() < limit {
        let Some(chunk) = response.chunk().await? else { break };
        let room = limit - body.len();
        body.extend_from_slice(&chunk[..chunk.len().min(room)]);
    }
    Ok(body)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_globally_routed_unicast_addresses_are_public() {
        // (address, public?, why)
        let table: &[(&str, bool, &str)] = &[
            ("8.8.8.8", true, "public IPv4"),
            ("1.1.1.1", true, "public IPv4"),
            ("100.63.255.255", true, "just below carrier-grade NAT"),
            ("100.128.0.1", true, "just above carrier-grade NAT"),
            ("172.32.0.1", true, "just above 172.16/12"),
            ("198.20.0.1", true, "just above 198.18/15"),
            ("223.255.255.255", true, "just below multicast"),
            ("0.0.0.0", false, "unspecified"),
            ("0.1.2.3", false, "0/8"),
            ("10.0.0.8", false, "private"),
            ("127.0.0.1", false, "loopback"),
            ("127.8.9.10", false, "loopback /8"),
            ("100.64.0.1", false, "CGNAT"),
            ("100.127.255.254", false, "CGNAT"),
            ("169.254.169.254", false, "link-local, cloud metadata"),
            ("172.16.0.1", false, "private"),
            ("172.31.255.255", false, "private"),
            ("192.0.0.8", false, "IETF protocol assignments"),
            ("192.0.2.1", false, "TEST-NET-1"),
            ("192.88.99.1", false, "6to4 relay anycast"),
            ("192.168.1.1", false, "private"),
            ("198.18.0.1", false, "benchmarking"),
            ("198.19.255.255", false, "benchmarking"),
            ("198.51.100.7", false, "TEST-NET-2"),
            ("203.0.113.9", false, "TEST-NET-3"),
            ("224.0.0.1", false, "multicast"),
            ("239.255.255.250", false, "multicast (SSDP)"),
            ("240.0.0.1", false, "240/4 reserved"),
            ("255.255.255.255", false, "broadcast"),
            ("2606:4700:4700::1111", true, "public IPv6"),
            ("2001:4860:4860::8888", true, "public IPv6 (in 2001::/16 but past 2001::/23)"),
            ("::ffff:8.8.8.8", true, "mapped public IPv4"),
            ("64:ff9b::808:808", true, "NAT64 of a public IPv4"),
            ("2002:808:808::1", true, "6to4 of a public IPv4"),
            ("::", false, "unspecified"),
            ("::1", false, "loopback"),
            ("::ffff:127.0.0.1", false, "mapped loopback"),
            ("::ffff:169.254.169.254", false, "mapped metadata"),
            ("::127.0.0.1", false, "IPv4-compatible loopback"),
            ("::10.0.0.1", false, "IPv4-compatible private"),
            ("::8.8.8.8", false, "IPv4-compatible, deprecated"),
            ("64:ff9b::7f00:1", false, "NAT64 of loopback"),
            ("64:ff9b::a9fe:a9fe", false, "NAT64 of metadata"),
            ("64:ff9b:1::808:808", false, "local-use NAT64"),
            ("2002:7f00:1::1", false, "6to4 of loopback"),
            ("2002:a00:1::1", false, "6to4 of private"),
            ("2002:a9fe:a9fe::1", false, "6to4 of metadata"),
            ("2001::1", false, "Teredo"),
            ("2001:0:4136:e378:8000:63bf:3fff:fdd2", false, "Teredo"),
            ("2001:2::1", false, "benchmarking"),
            ("2001:db8::1", false, "documentation"),
            ("3fff::1", false, "documentation (RFC 9637)"),
            ("ff02::1", false, "multicast"),
            ("ff0e::1", false, "global multicast"),
            ("fc00::1", false, "unique local"),
            ("fd12:3456::1", false, "unique local"),
            ("fe80::1", false, "link-local"),
            ("febf::1", false, "link-local"),
            ("fec0::1", false, "site-local"),
            ("100::1", false, "discard-only"),
            ("5f00::1", false, "SRv6 SIDs"),
            ("::ffff:0:7f00:1", false, "IPv4-translated"),
        ];
        for (address, public, why) in table {
            let ip: IpAddr = address.parse().unwrap();
            assert_eq!(is_public(ip), *public, "{address} ({why})");
        }
    }

    #[tokio::test]
    async fn a_name_that_resolves_to_loopback_is_refused_without_naming_the_address() {
        let err = resolve("localhost", 443, false).await.unwrap_err();
        assert!(err.0.contains("não é público"), "{err}");
        assert!(!err.0.contains("127.0.0.1") && !err.0.contains("::1"), "names no address: {err}");
        assert!(resolve("localhost", 443, true).await.is_ok(), "allowed when configured");
        assert!(resolve("nada.invalid", 443, false).await.is_err(), "unresolvable");
    }

    #[tokio::test]
    async fn the_client_refuses_a_name_resolving_to_loopback_and_says_why() {
        let http = client(false, Duration::from_secs(5), "test").unwrap();
        let err = http.get("http://localhost:9/").send().await.unwrap_err();
        let refused = refusal(&err).expect("the resolver's refusal is found in the error");
        assert!(refused.0.contains("localhost"), "{refused}");
    }

    /// Child half of `an_environment_proxy_is_ignored`: only does something when that test runs
    /// this binary again with a proxy in the environment (reqwest reads it once per process, and
    /// changing the environment of a running test needs `unsafe`).
    #[tokio::test]
    async fn proxy_child() {
        let Ok(target) = std::env::var("OUTBOUND_PROXY_CHILD_TARGET") else { return };
        let http = client(true, Duration::from_secs(5), "test").unwrap();
        let answer = http.get(&target).send().await.expect("the target answers directly");
        assert_eq!(answer.text().await.unwrap(), "direto");
    }

    #[tokio::test]
    async fn an_environment_proxy_is_ignored() {
        use tokio::io::{AsyncReadExt, AsyncWriteExt};
        // Both listeners answer the same way; only the target says "direto".
        async fn listen(answer: &'static str) -> (SocketAddr, Arc<std::sync::atomic::AtomicUsize>) {
            let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
            let address = listener.local_addr().unwrap();
            let hits = Arc::new(std::sync::atomic::AtomicUsize::new(0));
            let counted = hits.clone();
            tokio::spawn(async move {
                while let Ok((mut socket, _)) = listener.accept().await {
                    counted.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                    let mut buf = [0u8; 4096];
                    let _ = socket.read(&mut buf).await;
                    let reply = format!(
                        "HTTP/1.1 200 OK\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{answer}",
                        answer.len()
                    );
                    let _ = socket.write_all(reply.as_bytes()).await;
                }
            });
            (address, hits)
        }
        let (proxy, proxied) = listen("via proxy").await;
        let (target, _) = listen("direto").await;
        let proxy_url = format!("http://{proxy}");
        let exe = std::env::current_exe().unwrap();
        let output = tokio::task::spawn_blocking(move || {
            std::process::Command::new(exe)
                .args(["domain::outbound::tests::proxy_child", "--exact", "--nocapture"])
                .env("OUTBOUND_PROXY_CHILD_TARGET", format!("http://{target}/"))
                .env("HTTPS_PROXY", &proxy_url)
                .env("HTTP_PROXY", &proxy_url)
                .env("ALL_PROXY", &proxy_url)
                .env("https_proxy", &proxy_url)
                .env("http_proxy", &proxy_url)
                .env("all_proxy", &proxy_url)
                .env_remove("NO_PROXY")
                .env_remove("no_proxy")
                .output()
                .unwrap()
        })
        .await
        .unwrap();
        let printed = format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr));
        assert!(output.status.success(), "{printed}");
        assert!(printed.contains("1 passed"), "the child ran: {printed}");
        assert_eq!(proxied.load(std::sync::atomic::Ordering::SeqCst), 0, "nothing went through the proxy");
    }

    #[test]
    fn caps_read_as_words() {
        assert_eq!(size(16 << 20), "16 MiB");
        assert_eq!(size(64 << 10), "64 KiB");
        assert_eq!(size(300), "300 bytes");
    }
}
