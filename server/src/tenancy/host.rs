//! Host → tenant resolution. It fails closed: anything that is not exactly `{label}.{BASE_DOMAIN}`
//! (or the bare base domain, or an IP literal) resolves to nothing.
//!
//! Only the `Host` header (or the HTTP/2 authority) is read; a client-supplied tenant header is
//! never a fallback. Non-ASCII hosts are refused before folding, so look-alike dots such as
//! `acme｡localhost` (U+FF61) cannot smuggle a tenant past the comparison.

use crate::tenancy::{TenantName, settings::BaseDomain};

/// What a host names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HostTenant {
    /// `{tenant}.{BASE_DOMAIN}`.
    Tenant(TenantName),
    /// The base domain itself or an IP address: no tenant label (DEFAULT_TENANT may apply).
    Bare,
}

/// Resolves a `Host` header value; `None` when the host names no tenant of ours.
pub fn tenant_from_host(host: &str, base: &BaseDomain) -> Option<HostTenant> {
    if !host.is_ascii() || host.is_empty() {
        return None;
    }
    let host = host.to_ascii_lowercase();
    let name = strip_port(&host)?;
    if name.parse::<std::net::IpAddr>().is_ok() {
        return Some(HostTenant::Bare);
    }
    let name = name.strip_suffix('.').unwrap_or(name);
    if name == base.0 {
        return Some(HostTenant::Bare);
    }
    let label = name.strip_suffix(base.0.as_str())?.strip_suffix('.')?;
    if label.contains('.') {
        return None;
    }
    TenantName::parse(label).ok().map(HostTenant::Tenant)
}

/// `example.com:8080` → `example.com`; `[::1]:8080` → `::1`. `None` for a malformed port.
fn strip_port(host: &str) -> Option<&str> {
    if let Some(rest) = host.strip_prefix('[') {
        let (addr, after) = rest.split_once(']')?;
        return match after {
            "" => Some(addr),
            port => port.strip_prefix(':').filter(|p| p.parse::<u16>().is_ok()).map(|_| addr),
        };
    }
    match host.rsplit_once(':') {
        Some((name, port)) if port.parse::<u16>().is_ok() && !name.contains(':') => Some(name),
        Some(_) => None,
        None => Some(host),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn base() -> BaseDomain {
        BaseDomain("localhost".into())
    }

    fn tenant(name: &str) -> Option<HostTenant> {
        Some(HostTenant::Tenant(TenantName::parse(name).unwrap()))
    }

    #[test]
    fn the_first_label_names_the_tenant() {
        assert_eq!(tenant_from_host("acme.localhost", &base()), tenant("acme"));
        assert_eq!(tenant_from_host("demo.localhost:8080", &base()), tenant("demo"));
        assert_eq!(tenant_from_host("ACME.LocalHost:8080", &base()), tenant("acme"));
        assert_eq!(tenant_from_host("acme.localhost.", &base()), tenant("acme"));
    }

    #[test]
    fn bare_hosts_carry_no_tenant() {
        assert_eq!(tenant_from_host("localhost:8080", &base()), Some(HostTenant::Bare));
        assert_eq!(tenant_from_host("127.0.0.1:8080", &base()), Some(HostTenant::Bare));
        assert_eq!(tenant_from_host("[::1]:8080", &base()), Some(HostTenant::Bare));
    }

    #[test]
    fn everything_else_fails_closed() {
        for host in [
            "acme｡localhost",
            "acme．localhost",
            "acme.evil.localhost",
            "acme.localhost.evil.com",
            "acmelocalhost",
            "evil.com",
            "ac_me.localhost",
            "www.localhost",
            "acme.localhost:99999",
            "acme.localhost:80:80",
            "",
            ".localhost",
        ] {
            assert_eq!(tenant_from_host(host, &base()), None, "{host}");
        }
    }
}
