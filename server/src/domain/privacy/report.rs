//! The data subject's report ("Relatório do titular", LGPD art. 18 II and V: access and
//! portability; docs/privacy.md#subject-report): everything the company holds about one customer,
//! as a zip written into any `Write` (the server spools it like the sheets; the CLI writes a file):
//!
//! - `titular.json`: identity, identities, tags, groups, orders, campaigns received, consents,
//!   tickets — machine-readable (portability);
//! - `conversas.jsonl`: every message of the customer's conversations, one JSON object a line,
//!   oldest first, read by key 1,000 at a time (a customer with 100,000 messages costs no more
//!   memory than one with ten);
//! - `midias/`: the files of those messages, from the media store, once each;
//! - `resumo.html`: the same, readable by the person, in pt_BR.
//!
//! Internal lines — notes, mentions, transfer lines — are the company's working notes about the
//! conversation, not what the person said or was told: they are not in the report (docs/notes.md
//! promises they never reach the customer).

use std::{
    collections::{HashMap, HashSet},
    io::Write,
};

use chrono::{DateTime, Utc};
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect};
use serde::Serialize;
use utoipa::ToSchema;
use zip::{CompressionMethod, ZipWriter, write::SimpleFileOptions};

use crate::{
    domain::{
        conversations::{
            customers::CustomerView,
            identities::{self, IdentityView},
            messages::{INTERNAL_KIND, NOTE_KIND},
        },
        error::{Error, Result},
        media::{
            MediaStore,
            store::{self, Object},
        },
        orders::{self, OrderView},
        privacy::consent::{self, ConsentView},
        tags,
    },
    entities::tenant::{
        campaign, campaign_recipient, chat, customer, customer_group, customer_group_member, instance, medium, message,
        order, ticket,
    },
};

/// Messages read per query.
const BATCH: u64 = 1_000;

/// What the report held, for the audit log and the CLI's last line.
#[derive(Debug, Clone, Copy, Default, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Written {
    pub messages: u64,
    pub media_files: u64,
}

/// A ticket of the customer, as the report lists it.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct TicketLine {
    id: i32,
    protocol: String,
    status: String,
    instance: String,
    opened_at: DateTime<Utc>,
    closed_at: Option<DateTime<Utc>>,
}

/// A campaign the customer was sent.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct CampaignLine {
    campaign: String,
    status: String,
    sent_at: Option<DateTime<Utc>>,
}

/// `titular.json`.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct Subject {
    generated_at: DateTime<Utc>,
    company: String,
    customer: CustomerView,
    document: Option<String>,
    identities: Vec<IdentityView>,
    tags: Vec<String>,
    groups: Vec<String>,
    orders: Vec<OrderView>,
    campaigns_received: Vec<CampaignLine>,
    consents: Vec<ConsentView>,
    tickets: Vec<TicketLine>,
}

/// One line of `conversas.jsonl`.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct MessageLine<'a> {
    id: i32,
    ticket_id: Option<i32>,
    instance: &'a str,
    /// `in`: the customer wrote it; `out`: the company did.
    direction: &'a str,
    #[serde(rename = "type")]
    message_type: &'a str,
    body: &'a str,
    sent_at: DateTime<Utc>,
    /// Its file in the zip (`midias/...`), when it has one.
    file: Option<String>,
}

fn zip_error(err: zip::result::ZipError) -> Error {
    Error::Internal(anyhow::anyhow!("relatório do titular: {err}"))
}

fn io_error(err: std::io::Error) -> Error {
    Error::Internal(anyhow::anyhow!("relatório do titular: {err}"))
}

/// The customer, or 404.
pub async fn find(db: &impl ConnectionTrait, customer_id: i32) -> Result<customer::Model> {
    customer::Entity::find_by_id(customer_id)
        .one(db)
        .await?
        .ok_or_else(|| Error::not_found("customer_not_found", "Cliente não encontrado."))
}

/// Writes the report of `customer_id` as a zip into `out`, reading `db` (one snapshot: the
/// report is one moment of the company) and the tenant's media.
pub async fn write<W: Write>(
    db: &impl ConnectionTrait,
    media: &MediaStore,
    tenant: &str,
    customer_id: i32,
    out: W,
) -> Result<Written> {
    let found = find(db, customer_id).await?;
    let mut zip = ZipWriter::new_stream(out);
    let options = SimpleFileOptions::default().compression_method(CompressionMethod::Deflated);
    let instances: HashMap<i32, String> = instance::Entity::find()
        .select_only()
        .column(instance::Column::Id)
        .column(instance::Column::Name)
        .into_tuple::<(i32, String)>()
        .all(db)
        .await?
        .into_iter()
        .collect();
    let subject = subject(db, tenant, found, &instances).await?;

    zip.start_file("titular.json", options).map_err(zip_error)?;
    serde_json::to_writer_pretty(&mut zip, &subject).map_err(|err| io_error(err.into()))?;

    let chats: Vec<i32> = chat::Entity::find()
        .select_only()
        .column(chat::Column::Id)
        .filter(chat::Column::CustomerId.eq(customer_id))
        .into_tuple()
        .all(db)
        .await?;
    let mut written = Written::default();
    // The files, by medium: each stored once, whatever how many messages carry it.
    let mut files: HashMap<i32, String> = HashMap::new();
    zip.start_file("conversas.jsonl", options).map_err(zip_error)?;
    let mut after = 0;
    loop {
        let page = messages(db, &chats, after).await?;
        let Some(last) = page.last() else { break };
        after = last.id;
        for m in &page {
            let file = m.media_id.map(|id| files.entry(id).or_insert_with(|| file_name(m, id)).clone());
            let line = MessageLine {
                id: m.id,
                ticket_id: m.ticket_id,
                instance: instances.get(&m.instance_id).map_or("", String::as_str),
                direction: &m.direction,
                message_type: &m.message_type,
                body: &m.body,
                sent_at: m.sent_at,
                file: file.map(|f| format!("midias/{f}")),
            };
            serde_json::to_writer(&mut zip, &line).map_err(|err| io_error(err.into()))?;
            zip.write_all(b"\n").map_err(io_error)?;
            written.messages += 1;
        }
    }

    // Stored: media are compressed already.
    let stored = SimpleFileOptions::default().compression_method(CompressionMethod::Stored).large_file(true);
    let mut ids: Vec<i32> = files.keys().copied().collect();
    ids.sort_unstable();
    let mut seen = HashSet::new();
    for chunk in ids.chunks(500) {
        let rows = medium::Entity::find().filter(medium::Column::Id.is_in(chunk.to_vec())).all(db).await?;
        for row in rows {
            if !seen.insert(row.id) {
                continue;
            }
            let key = store::key(tenant, &row.sha256, Object::Original);
            // A file the store lost is noted in the summary's count, not a failed report.
            let Ok(bytes) = media.read_all(&key).await else {
                tracing::warn!(medium = row.id, "subject report: a medium is missing from the store");
                continue;
            };
            zip.start_file(format!("midias/{}", files[&row.id]), stored).map_err(zip_error)?;
            zip.write_all(&bytes).map_err(io_error)?;
            written.media_files += 1;
        }
    }

    zip.start_file("resumo.html", options).map_err(zip_error)?;
    summary(&mut zip, db, &subject, &chats, &instances, &files).await?;
    zip.finish().map_err(zip_error)?;
    Ok(written)
}

/// `midias/` name of a medium: its first message's id and the file name it came with (or its
/// kind's extension), made safe for any file system.
fn file_name(m: &message::Model, medium_id: i32) -> String {
    let given = m
        .payload
        .as_deref()
        .and_then(|p| serde_json::from_str::<serde_json::Value>(p).ok())
        .and_then(|p| p.get("fileName").and_then(|f| f.as_str()).map(str::to_owned));
    let safe: String = given
        .unwrap_or_default()
        .chars()
        .map(|c| if c.is_alphanumeric() || matches!(c, '.' | '-' | '_') { c } else { '_' })
        .take(80)
        .collect();
    if safe.trim_matches(['.', '_']).is_empty() {
        format!("{medium_id}-{}", m.message_type)
    } else {
        format!("{medium_id}-{safe}")
    }
}

/// The customer's messages of `chats` after `after`, oldest first, without internal lines.
async fn messages(db: &impl ConnectionTrait, chats: &[i32], after: i32) -> Result<Vec<message::Model>> {
    if chats.is_empty() {
        return Ok(Vec::new());
    }
    Ok(message::Entity::find()
        .filter(message::Column::ChatId.is_in(chats.to_vec()))
        .filter(message::Column::Id.gt(after))
        .filter(message::Column::Kind.is_not_in([NOTE_KIND, INTERNAL_KIND]))
        .order_by_asc(message::Column::Id)
        .limit(BATCH)
        .all(db)
        .await?)
}

async fn subject(
    db: &impl ConnectionTrait,
    tenant: &str,
    found: customer::Model,
    instances: &HashMap<i32, String>,
) -> Result<Subject> {
    let id = found.id;
    let document = found.document.clone();
    let tags = tags::applying::of_customer(db, id).await?.into_iter().map(|t| t.name).collect();
    let groups: Vec<String> = customer_group::Entity::find()
        .select_only()
        .column(customer_group::Column::Name)
        .inner_join(customer_group_member::Entity)
        .filter(customer_group_member::Column::CustomerId.eq(id))
        .order_by_asc(customer_group::Column::Name)
        .into_tuple()
        .all(db)
        .await?;
    let order_rows =
        order::Entity::find().filter(order::Column::CustomerId.eq(id)).order_by_asc(order::Column::Id).all(db).await?;
    let campaigns_received = campaign_recipient::Entity::find()
        .select_only()
        .column(campaign::Column::Name)
        .column(campaign_recipient::Column::Status)
        .column(campaign_recipient::Column::SentAt)
        .inner_join(campaign::Entity)
        .filter(campaign_recipient::Column::CustomerId.eq(id))
        .order_by_asc(campaign_recipient::Column::Id)
        .into_tuple::<(String, String, Option<DateTime<Utc>>)>()
        .all(db)
        .await?
        .into_iter()
        .map(|(campaign, status, sent_at)| CampaignLine { campaign, status, sent_at })
        .collect();
    let tickets = ticket::Entity::find()
        .filter(ticket::Column::CustomerId.eq(id))
        .order_by_asc(ticket::Column::Id)
        .all(db)
        .await?
        .into_iter()
        .map(|t| TicketLine {
            id: t.id,
            protocol: t.protocol,
            status: t.status.as_str().to_owned(),
            instance: instances.get(&t.instance_id).cloned().unwrap_or_default(),
            opened_at: t.created_at,
            closed_at: t.closed_at,
        })
        .collect();
    Ok(Subject {
        generated_at: Utc::now(),
        company: tenant.to_owned(),
        identities: identities::of_customer(db, id).await?,
        customer: found.into(),
        document,
        tags,
        groups,
        orders: orders::views(db, order_rows).await?,
        campaigns_received,
        consents: consent::of_customer(db, id).await?,
        tickets,
    })
}

/// Escapes text for HTML.
fn esc(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

fn when(at: DateTime<Utc>) -> String {
    at.with_timezone(&crate::domain::local_time::sao_paulo()).format("%d/%m/%Y %H:%M").to_string()
}

fn money(cents: i64) -> String {
    let reais = cents / 100;
    let mut grouped = String::new();
    let digits = reais.abs().to_string();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            grouped.push('.');
        }
        grouped.push(c);
    }
    format!("R$ {}{grouped},{:02}", if cents < 0 { "-" } else { "" }, (cents % 100).abs())
}

/// `resumo.html`: the report, readable.
async fn summary<W: Write>(
    out: &mut W,
    db: &impl ConnectionTrait,
    subject: &Subject,
    chats: &[i32],
    instances: &HashMap<i32, String>,
    files: &HashMap<i32, String>,
) -> Result<()> {
    let c = &subject.customer;
    let mut head = String::new();
    head.push_str(
        "<!doctype html><html lang=\"pt-BR\"><head><meta charset=\"utf-8\"><title>Relatório do titular</title>\
         <style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1a1b1e}\
         table{border-collapse:collapse;width:100%}td,th{border:1px solid #ccc;padding:.3rem .5rem;text-align:left}\
         .in{background:#f1f3f5}.out{background:#e7f5ff}.msg{padding:.4rem .6rem;margin:.3rem 0;border-radius:.4rem}\
         small{color:#555}</style></head><body>",
    );
    head.push_str(&format!(
        "<h1>Relatório do titular</h1><p>Gerado em {} por {} a pedido do titular dos dados (LGPD, art. 18).</p>",
        when(subject.generated_at),
        esc(&subject.company)
    ));
    head.push_str("<h2>Identificação</h2><table>");
    for (label, value) in [
        ("Nome", Some(c.name.clone())),
        ("Telefone", Some(c.phone.clone())),
        ("E-mail", c.email.clone()),
        ("Documento", subject.document.clone()),
        ("Cliente desde", Some(when(c.created_at))),
        ("Bloqueado", Some(if c.blacklisted { "sim" } else { "não" }.to_owned())),
    ] {
        head.push_str(&format!("<tr><th>{label}</th><td>{}</td></tr>", esc(value.as_deref().unwrap_or("—"))));
    }
    head.push_str("</table>");
    if !subject.identities.is_empty() {
        head.push_str("<h2>Identificadores</h2><ul>");
        for i in &subject.identities {
            head.push_str(&format!("<li>{} <small>(desde {})</small></li>", esc(&i.value), when(i.created_at)));
        }
        head.push_str("</ul>");
    }
    head.push_str(&format!(
        "<h2>Etiquetas e grupos</h2><p>Etiquetas: {}. Grupos: {}.</p>",
        esc(&if subject.tags.is_empty() { "nenhuma".to_owned() } else { subject.tags.join(", ") }),
        esc(&if subject.groups.is_empty() { "nenhum".to_owned() } else { subject.groups.join(", ") })
    ));
    head.push_str("<h2>Consentimentos</h2>");
    if subject.consents.is_empty() {
        head.push_str("<p>Nenhum consentimento registrado.</p>");
    } else {
        head.push_str("<table><tr><th>Quando</th><th>Texto (versão)</th><th>Resposta</th></tr>");
        for consent in &subject.consents {
            head.push_str(&format!(
                "<tr><td>{}</td><td>{} <small>(versão {})</small></td><td>{}</td></tr>",
                when(consent.answered_at),
                esc(&consent.text),
                consent.version,
                if consent.granted { "aceito" } else { "recusado" }
            ));
        }
        head.push_str("</table>");
    }
    head.push_str("<h2>Pedidos</h2>");
    if subject.orders.is_empty() {
        head.push_str("<p>Nenhum pedido.</p>");
    } else {
        head.push_str("<table><tr><th>Data</th><th>Valor</th><th>Situação</th><th>Pagamento</th></tr>");
        for o in &subject.orders {
            head.push_str(&format!(
                "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
                when(o.ordered_at),
                money(o.value_cents),
                esc(&o.status),
                esc(o.payment_method.as_deref().unwrap_or("—"))
            ));
        }
        head.push_str("</table>");
    }
    head.push_str("<h2>Campanhas recebidas</h2>");
    if subject.campaigns_received.is_empty() {
        head.push_str("<p>Nenhuma.</p>");
    } else {
        head.push_str("<ul>");
        for line in &subject.campaigns_received {
            head.push_str(&format!(
                "<li>{} — {}{}</li>",
                esc(&line.campaign),
                esc(&line.status),
                line.sent_at.map(|at| format!(", enviada em {}", when(at))).unwrap_or_default()
            ));
        }
        head.push_str("</ul>");
    }
    head.push_str(&format!("<h2>Atendimentos ({})</h2><ul>", subject.tickets.len()));
    for t in &subject.tickets {
        head.push_str(&format!(
            "<li>Protocolo {} — {}, aberto em {}{}</li>",
            esc(&t.protocol),
            esc(&t.instance),
            when(t.opened_at),
            t.closed_at.map(|at| format!(", encerrado em {}", when(at))).unwrap_or_default()
        ));
    }
    head.push_str("</ul><h2>Conversas</h2>");
    out.write_all(head.as_bytes()).map_err(io_error)?;
    let mut after = 0;
    loop {
        let page = messages(db, chats, after).await?;
        let Some(last) = page.last() else { break };
        after = last.id;
        let mut chunk = String::new();
        for m in &page {
            let who = if m.direction == "in" { "Você" } else { "Empresa" };
            let class = if m.direction == "in" { "in" } else { "out" };
            let file = m
                .media_id
                .and_then(|id| files.get(&id))
                .map(|f| format!(" <a href=\"midias/{0}\">[arquivo: {0}]</a>", esc(f)))
                .unwrap_or_default();
            chunk.push_str(&format!(
                "<div class=\"msg {class}\"><small>{who} · {} · {}</small><br>{}{file}</div>",
                instances.get(&m.instance_id).map(|n| esc(n)).unwrap_or_default(),
                when(m.sent_at),
                esc(&m.body).replace('\n', "<br>"),
            ));
        }
        out.write_all(chunk.as_bytes()).map_err(io_error)?;
    }
    out.write_all(b"</body></html>").map_err(io_error)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn money_is_written_as_brazilians_read_it() {
        assert_eq!(money(1_234_567), "R$ 12.345,67");
        assert_eq!(money(990), "R$ 9,90");
        assert_eq!(money(-5), "R$ -0,05");
    }

    #[test]
    fn html_is_escaped() {
        assert_eq!(esc("<b>\"a\" & 'b'</b>"), "&lt;b&gt;&quot;a&quot; &amp; &#39;b&#39;&lt;/b&gt;");
    }
}
