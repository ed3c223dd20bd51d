//! Instance connection logs and login failures over the window.

use chrono::{Datelike, Duration, Weekday};
use rand::Rng;
use sea_orm::{ConnectionTrait, DbErr, Set};

use super::{Ctx, at_local, directory::Directory, insert_batched, names};
use crate::entities::tenant::{instance_log, login_failure};

/// Counts of what this stage wrote.
pub(super) struct Written {
    pub instance_logs: u64,
    pub login_failures: u64,
}

const DISCONNECT_DETAILS: &[&str] = &[
    "Conexão perdida: celular sem internet",
    "Sessão encerrada pelo aparelho",
    "Tempo limite de conexão com o provedor",
    "Aparelho desligado ou sem bateria",
];

pub(super) async fn seed<C: ConnectionTrait>(db: &C, ctx: &mut Ctx, dir: &Directory) -> Result<Written, DbErr> {
    let days: Vec<_> = ctx.days().collect();
    let latest = ctx.now - Duration::minutes(5);

    // Instances: connected at the start of the window; some days a disconnection, often a QR code
    // to scan, then connected again. Unofficial connections drop more often.
    let mut logs = Vec::new();
    for instance in &dir.instances {
        let mut push = |status: &str, detail: &str, at| {
            logs.push(instance_log::ActiveModel {
                instance_id: Set(instance.id),
                status: Set(status.to_owned()),
                detail: Set(Some(detail.to_owned())),
                occurred_at: Set(at),
                ..Default::default()
            });
        };
        push("connected", "Conexão estabelecida", at_local(days[0], 7 * 3600 + 30 * 60));
        let drop_chance = if instance.is_official { 0.2 } else { 0.45 };
        for day in &days {
            if !ctx.chance(drop_chance) {
                continue;
            }
            let down = at_local(*day, ctx.rng.random_range(8 * 3600..20 * 3600));
            let qrcode = down + ctx.seconds(30, 600);
            let up = qrcode + ctx.seconds(60, 1_800);
            if up > latest {
                continue;
            }
            let detail = ctx.pick::<&str>(DISCONNECT_DETAILS);
            push("disconnected", detail, down);
            if ctx.chance(0.6) {
                push("qrcode", "QR Code gerado para reconexão", qrcode);
                push("connected", "Reconectado após leitura do QR Code", up);
            } else {
                push("connected", "Reconectado automaticamente", up);
            }
        }
    }
    let instance_logs = insert_batched(db, logs, None).await?;

    // Login failures: wrong passwords of real agents, unknown or mistyped addresses.
    let mut failures = Vec::new();
    for day in &days {
        let per_day = match day.weekday() {
            Weekday::Sat | Weekday::Sun => ctx.rng.random_range(0..=2),
            _ => ctx.rng.random_range(1..=6),
        };
        for _ in 0..per_day {
            let at = at_local(*day, ctx.rng.random_range(7 * 3600..21 * 3600));
            if at > latest {
                continue;
            }
            let (email, user_id, reason) = if !dir.agents.is_empty() && ctx.chance(0.65) {
                let agent = ctx.pick(&dir.agents);
                (agent.email.clone(), Some(agent.id), "wrong_password")
            } else if !dir.agents.is_empty() && ctx.chance(0.4) {
                // A typo in the domain of a real address.
                let agent = ctx.pick(&dir.agents);
                (agent.email.replace("@demo.example", "@demo.exemple"), None, "unknown_email")
            } else {
                let first = names::ascii_lower(ctx.pick::<&str>(names::FIRST_NAMES_F));
                let domain = *ctx.pick(&["empresa.example", "gmail.example", "loja.example"]);
                (format!("{first}@{domain}"), None, "unknown_email")
            };
            let client_addr = ctx.documentation_ip();
            let body_ip = match ctx.pick_weighted(&[75, 15, 10]) {
                0 => Some(client_addr.clone()),
                1 => Some(ctx.documentation_ip()),
                _ => None,
            };
            failures.push(login_failure::ActiveModel {
                email: Set(email),
                user_id: Set(user_id),
                reason: Set(reason.to_owned()),
                client_addr: Set(client_addr),
                body_ip: Set(body_ip),
                occurred_at: Set(at),
                ..Default::default()
            });
        }
    }
    // At least one, so the report has something to show even for a one-day window.
    if failures.is_empty() {
        failures.push(login_failure::ActiveModel {
            email: Set("contato@empresa.example".to_owned()),
            user_id: Set(None),
            reason: Set("unknown_email".to_owned()),
            client_addr: Set("203.0.113.10".to_owned()),
            body_ip: Set(Some("203.0.113.10".to_owned())),
            occurred_at: Set(latest),
            ..Default::default()
        });
    }
    let login_failures = insert_batched(db, failures, None).await?;

    Ok(Written { instance_logs, login_failures })
}
