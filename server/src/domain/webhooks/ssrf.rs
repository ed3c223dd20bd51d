//! Where a webhook may go: `https://` to a name that resolves only to public addresses — never
//! loopback, private, link-local (the cloud metadata address 169.254.169.254 among them), carrier
//! NAT, reserved, multicast or unspecified, nor IPv6 forms carrying one (`domain::outbound`).
//! Checked when an endpoint is saved, before its transaction opens, and again on every delivery
//! by the outbound client's resolver, on the addresses the delivery then connects to (DNS
//! rebinding). `ALLOW_PRIVATE_WEBHOOKS` lifts it (tests, on-premise receivers on the same network).

use std::net::{IpAddr, SocketAddr};

pub use crate::domain::outbound::Refused;
use crate::domain::{
    error::{Error, Result},
    outbound::{self, is_public},
};

/// A checked URL: its text, host and port.
#[derive(Debug, Clone)]
pub struct Target {
    pub url: url::Url,
    pub host: String,
    pub port: u16,
}

/// Checks a URL's form: scheme, no credentials, no literal private address.
pub fn parse(raw: &str, allow_private: bool) -> std::result::Result<Target, Refused> {
    let url = url::Url::parse(raw.trim()).map_err(|_| Refused("Endereço inválido.".into()))?;
    if raw.len() > 2000 {
        return Err(Refused("Endereço longo demais (até 2.000 caracteres).".into()));
    }
    let secure = url.scheme() == "https" || (allow_private && url.scheme() == "http");
    if !secure {
        return Err(Refused("Use um endereço https://.".into()));
    }
    if !url.username().is_empty() || url.password().is_some() {
        return Err(Refused("O endereço não pode ter usuário e senha.".into()));
    }
    let host = url.host_str().ok_or_else(|| Refused("O endereço não tem host.".into()))?.to_owned();
    let port = url.port_or_known_default().unwrap_or(443);
    if !allow_private {
        // A trailing dot names the same host ("localhost." is localhost).
        let name = host.trim_end_matches('.');
        if name == "localhost" || name.ends_with(".localhost") || name.ends_with(".internal") {
            return Err(Refused("Endereços locais não são permitidos.".into()));
        }
        if let Ok(ip) = host.trim_matches(['[', ']']).parse::<IpAddr>()
            && !is_public(ip)
        {
            return Err(Refused("Endereços de rede privada, loopback ou metadados não são permitidos.".into()));
        }
    }
    Ok(Target { url, host, port })
}

/// Resolves the target and refuses it when any address is not public (the refusal does not
/// name the address).
pub async fn resolve(target: &Target, allow_private: bool) -> std::result::Result<Vec<SocketAddr>, Refused> {
    outbound::resolve(&target.host, target.port, allow_private).await
}

/// Checks a URL for saving: its form, then what it resolves to now.
pub async fn check(raw: &str, allow_private: bool) -> Result<url::Url> {
    let refused = |r: Refused| Error::invalid_field("invalid_webhook_url", "url", r.0);
    let target = parse(raw, allow_private).map_err(refused)?;
    resolve(&target, allow_private).await.map_err(refused)?;
    Ok(target.url)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn literal_private_addresses_and_plain_http_are_refused() {
        for url in [
            "http://example.com/hook",
            "https://127.0.0.1/hook",
            "https://10.0.0.8/hook",
            "https://169.254.169.254/latest/meta-data",
            "https://[::1]/hook",
            "https://localhost/hook",
            "https://localhost./hook",
            "https://[::ffff:127.0.0.1]/hook",
            "https://[64:ff9b::a9fe:a9fe]/hook",
            "https://240.0.0.1/hook",
            "https://user:pw@example.com/hook",
            "nada",
        ] {
            assert!(parse(url, false).is_err(), "{url} must be refused");
        }
        assert!(parse("https://hooks.example.com/campanhas", false).is_ok());
        assert!(parse("http://127.0.0.1:8080/hook", true).is_ok(), "allowed when configured");
    }

    #[tokio::test]
    async fn a_name_that_resolves_to_loopback_is_refused() {
        let target = parse("https://localhost.example.invalid/", false).unwrap();
        assert!(resolve(&target, false).await.is_err(), "unresolvable");
        let loopback = Target { url: url::Url::parse("https://x/").unwrap(), host: "localhost".into(), port: 443 };
        let err = resolve(&loopback, false).await.unwrap_err();
        assert!(!err.0.contains("127.0.0.1") && !err.0.contains("::1"), "names no address: {err}");
    }
}
