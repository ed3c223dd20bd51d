//! Campaigns (docs/campaigns.md): one message with variables sent to many customers through one
//! instance at the instance's rate, each recipient followed through its statuses.
//!
//! - [`recipients`]: who it goes to (phones, imports, groups) and what each one reads;
//! - [`sending`]: the scheduler's tick, and how acks, replies and the instance's connection move
//!   recipients and campaigns;
//! - this module: the campaign's life (create, start, pause, resume, cancel, retry the failed),
//!   its views, counts (aggregated in SQL) and the instances' send rates.

pub mod recipients;
pub mod sending;

use std::collections::HashMap;

use chrono::{DateTime, Duration, Utc};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, IntoActiveModel, QueryFilter, QueryOrder, QuerySelect,
    Set,
    sea_query::{Expr, ExprTrait},
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::{
    domain::{
        conversations::messages::MAX_BODY,
        error::{Error, FieldError, Result},
        events::{Audience, DomainEvent},
        instances::{self, message_templates},
        media::holds,
        outbox::{self, CampaignTick},
        unit::Unit,
    },
    entities::tenant::{campaign, campaign_recipient, customer, instance, instance_send_rate},
};

pub use crate::domain::media::holds::Attachment;

use recipients::{Contact, Invalid, Sources};

pub const DRAFT: &str = "draft";
pub const SCHEDULED: &str = "scheduled";
pub const RUNNING: &str = "running";
pub const PAUSED: &str = "paused";
pub const FINISHED: &str = "finished";
pub const CANCELLED: &str = "cancelled";
pub const STATUSES: [&str; 6] = [DRAFT, SCHEDULED, RUNNING, PAUSED, FINISHED, CANCELLED];

pub use crate::entities::tenant::states::RecipientStatus;
/// Why the server paused a campaign.
pub const INSTANCE_DISCONNECTED: &str = "instance_disconnected";
/// The send rate of an instance nobody set (messages per minute): slow enough not to get a new
/// WhatsApp number flagged.
pub const DEFAULT_RATE: i32 = 20;
pub const MAX_RATE: i32 = 600;

/// Recipients by status.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, ToSchema)]
pub struct Counts {
    pub pending: u64,
    pub sent: u64,
    pub delivered: u64,
    pub read: u64,
    pub replied: u64,
    pub failed: u64,
}

impl Counts {
    pub fn total(&self) -> u64 {
        self.pending + self.sent + self.delivered + self.read + self.replied + self.failed
    }

    fn add(&mut self, status: RecipientStatus, n: u64) {
        let count = match status {
            RecipientStatus::Pending => &mut self.pending,
            RecipientStatus::Sent => &mut self.sent,
            RecipientStatus::Delivered => &mut self.delivered,
            RecipientStatus::Read => &mut self.read,
            RecipientStatus::Replied => &mut self.replied,
            RecipientStatus::Failed => &mut self.failed,
        };
        *count += n;
    }
}

/// What the creation found.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StoredPreflight {
    pub recipients: u64,
    pub duplicates_removed: i32,
    pub blacklisted_skipped: i32,
    pub invalid: i32,
}

/// A campaign as the API shows it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CampaignView {
    pub id: i32,
    pub name: String,
    pub instance_id: i32,
    pub instance_name: String,
    pub body: String,
    /// `draft`, `scheduled`, `running`, `paused`, `finished` ou `cancelled`.
    pub status: String,
    /// `instance_disconnected` quando o servidor pausou (retoma ao reconectar).
    pub paused_reason: Option<String>,
    pub scheduled_at: Option<DateTime<Utc>>,
    pub started_at: Option<DateTime<Utc>>,
    pub finished_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
    pub total: u64,
    pub counts: Counts,
    /// A taxa da instância (mensagens por minuto).
    pub rate_per_minute: i32,
    /// Quanto falta, na taxa da instância, para enviar os pendentes.
    pub remaining_seconds: u64,
    pub preflight: StoredPreflight,
    /// O arquivo que cada mensagem leva (a mensagem é a legenda).
    pub attachment: Option<Attachment>,
    /// O modelo aprovado que a campanha envia (números oficiais).
    pub template: Option<TemplateChosen>,
}

/// An official number's template a campaign sends, with the values of its parameters (which may
/// hold the recipient's variables, `{{nome}}`…).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CampaignTemplate {
    /// Id do modelo (`GET /api/templates`).
    pub id: i32,
    #[serde(default)]
    pub parameters: Vec<String>,
}

/// The template as the campaign keeps it.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TemplateChosen {
    pub id: i32,
    pub name: String,
    pub language: String,
    /// `MARKETING`, `UTILITY` ou `AUTHENTICATION`.
    pub category: String,
    pub parameters: Vec<String>,
}

/// What sending the campaign's template would cost, from the tenant's price table.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CostEstimate {
    pub category: String,
    /// O preço por mensagem da tabela da empresa; `null` se a categoria não tem preço.
    pub per_message_brl: Option<f64>,
    /// Destinatários × preço; `null` sem preço.
    pub total_brl: Option<f64>,
}

/// A campaign to create (or to preview).
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NewCampaign {
    pub name: String,
    pub instance_id: i32,
    pub body: String,
    #[serde(default)]
    pub phones: Option<Vec<String>>,
    #[serde(default)]
    pub customer_group_ids: Option<Vec<i32>>,
    /// Contatos de um arquivo importado (`/api/campaigns/recipients/import`), com campos extras.
    #[serde(default)]
    pub contacts: Option<Vec<Contact>>,
    #[serde(default)]
    pub scheduled_at: Option<DateTime<Utc>>,
    /// Um arquivo enviado com cada mensagem (de `POST /api/campaigns/media`); a mensagem é a legenda.
    #[serde(default)]
    pub attachment: Option<Attachment>,
    /// Em números oficiais, obrigatório: um modelo aprovado e os valores dos parâmetros (que podem
    /// usar `{{nome}}`, `{{telefone}}` e os campos do arquivo). `body` é então ignorado.
    #[serde(default)]
    pub template: Option<CampaignTemplate>,
}

/// One rendered message of the preview.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Sample {
    pub phone: String,
    pub name: String,
    pub text: String,
}

/// What a campaign would do, before it is created.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Preflight {
    pub recipients: u64,
    pub duplicates_removed: u64,
    pub blacklisted_skipped: u64,
    pub invalid: Vec<Invalid>,
    pub samples: Vec<Sample>,
    pub rate_per_minute: i32,
    pub expected_seconds: u64,
    /// O modelo que será enviado (números oficiais).
    pub template: Option<TemplateChosen>,
    /// O custo estimado pela tabela de preços da empresa (números oficiais).
    pub estimated_cost: Option<CostEstimate>,
}

/// One recipient as the API shows it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecipientView {
    pub id: i32,
    pub customer_id: i32,
    pub name: String,
    pub phone: String,
    pub status: String,
    /// `blacklisted`, `invalid_phone`, `provider_rejected`, `provider_unreachable`, `not_delivered`.
    pub reason: Option<String>,
    pub reason_text: Option<String>,
    pub sent_at: Option<DateTime<Utc>>,
    pub updated_at: DateTime<Utc>,
}

/// A page of a keyset-paginated list.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Page<T> {
    pub data: Vec<T>,
    pub next_cursor: Option<String>,
}

/// The pt_BR text of a normalized failure reason.
pub fn reason_text(reason: &str) -> &'static str {
    match reason {
        "blacklisted" => "Cliente na lista de bloqueio: não recebe campanhas.",
        "invalid_phone" => "Telefone inválido.",
        "provider_rejected" => "O provedor recusou a mensagem.",
        "provider_unreachable" => "O provedor não respondeu depois de várias tentativas.",
        "not_delivered" => "O provedor não conseguiu entregar a mensagem.",
        _ => "Falha no envio.",
    }
}

fn not_found() -> Error {
    Error::not_found("campaign_not_found", "Campanha não encontrada.")
}

/// The campaign, or 404.
pub async fn find(db: &impl ConnectionTrait, id: i32) -> Result<campaign::Model> {
    campaign::Entity::find_by_id(id).one(db).await?.ok_or_else(not_found)
}

/// Recipients by status of these campaigns, by one GROUP BY on (campaign_id, status).
pub async fn counts(db: &impl ConnectionTrait, ids: &[i32]) -> Result<HashMap<i32, Counts>> {
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    let rows: Vec<(i32, RecipientStatus, i64)> = campaign_recipient::Entity::find()
        .select_only()
        .column(campaign_recipient::Column::CampaignId)
        .column(campaign_recipient::Column::Status)
        .column_as(Expr::col(campaign_recipient::Column::Id).count(), "n")
        .filter(campaign_recipient::Column::CampaignId.is_in(ids.to_vec()))
        .group_by(campaign_recipient::Column::CampaignId)
        .group_by(campaign_recipient::Column::Status)
        .into_tuple()
        .all(db)
        .await?;
    let mut out: HashMap<i32, Counts> = HashMap::new();
    for (id, status, n) in rows {
        out.entry(id).or_default().add(status, u64::try_from(n).unwrap_or_default());
    }
    Ok(out)
}

/// The send rate of each instance asked (the default for those never set).
pub async fn rates(db: &impl ConnectionTrait, instance_ids: &[i32]) -> Result<HashMap<i32, i32>> {
    let set: Vec<(i32, i32)> = instance_send_rate::Entity::find()
        .select_only()
        .column(instance_send_rate::Column::InstanceId)
        .column(instance_send_rate::Column::RatePerMinute)
        .filter(instance_send_rate::Column::InstanceId.is_in(instance_ids.to_vec()))
        .into_tuple()
        .all(db)
        .await?;
    let set: HashMap<i32, i32> = set.into_iter().collect();
    Ok(instance_ids.iter().map(|id| (*id, set.get(id).copied().unwrap_or(DEFAULT_RATE))).collect())
}

/// Seconds to send `n` messages at `rate` per minute.
pub fn duration_at(n: u64, rate: i32) -> u64 {
    (n * 60).div_ceil(u64::try_from(std::cmp::max(rate, 1)).unwrap_or(1))
}

/// Campaigns with everything their views show, read in one statement (each statement is a round
/// trip on PostgreSQL: four before): the instance's name and send rate joined, and the recipients
/// per status as correlated counts, each answered from the `(campaign_id, status)` index.
async fn views(db: &impl ConnectionTrait, select: sea_orm::Select<campaign::Entity>) -> Result<Vec<CampaignView>> {
    use sea_orm::{
        FromQueryResult, JoinType, QueryTrait, RelationTrait,
        sea_query::{Alias, Query, QueryStatementBuilder},
    };
    let mut query = select
        .join(JoinType::LeftJoin, campaign::Relation::Instance.def())
        .column_as(instance::Column::Name, "j_instance_name")
        .into_query();
    query.left_join(
        instance_send_rate::Entity,
        Expr::col((instance_send_rate::Entity, instance_send_rate::Column::InstanceId))
            .equals((campaign::Entity, campaign::Column::InstanceId)),
    );
    query.expr_as(
        Expr::col((instance_send_rate::Entity, instance_send_rate::Column::RatePerMinute)),
        Alias::new("j_rate"),
    );
    for status in RecipientStatus::ALL.iter().map(|s| s.as_str()) {
        let mut count = Query::select();
        count
            .expr(Expr::cust("COUNT(*)"))
            .from(campaign_recipient::Entity)
            .and_where(
                Expr::col((campaign_recipient::Entity, campaign_recipient::Column::CampaignId))
                    .equals((campaign::Entity, campaign::Column::Id)),
            )
            // A literal, as the index's second column, so every status is its own small range.
            .and_where(Expr::cust(format!("campaign_recipients.status = '{status}'")));
        query.expr_as(
            Expr::SubQuery(None, Box::new(count.into_sub_query_statement())),
            Alias::new(format!("n_{status}")),
        );
    }
    let statement = crate::domain::pages::literal_limit(db.get_database_backend().build(&query));
    let mut views = Vec::new();
    for row in db.query_all_raw(statement).await? {
        let c = campaign::Model::from_query_result(&row, "")?;
        let mut counts = Counts::default();
        for &status in RecipientStatus::ALL {
            let n = row.try_get::<i64>("", &format!("n_{status}"))?;
            counts.add(status, u64::try_from(n).unwrap_or_default());
        }
        let rate = row.try_get::<Option<i32>>("", "j_rate")?.unwrap_or(DEFAULT_RATE);
        let remaining = if matches!(c.status.as_str(), FINISHED | CANCELLED) { 0 } else { counts.pending };
        let attachment = c
            .media_id
            .map(|media_id| Attachment { media_id, file_name: c.media_file_name.clone().unwrap_or_default() });
        let template = match (c.template_id, c.template_name.clone()) {
            (Some(id), Some(name)) => Some(TemplateChosen {
                id,
                name,
                language: c.template_language.clone().unwrap_or_default(),
                category: c.template_category.clone().unwrap_or_default(),
                parameters: c
                    .template_parameters
                    .as_deref()
                    .and_then(|p| serde_json::from_str(p).ok())
                    .unwrap_or_default(),
            }),
            _ => None,
        };
        views.push(CampaignView {
            template,
            attachment,
            id: c.id,
            instance_name: row.try_get::<Option<String>>("", "j_instance_name")?.unwrap_or_default(),
            instance_id: c.instance_id,
            name: c.name,
            body: c.body.unwrap_or_default(),
            status: c.status,
            paused_reason: c.paused_reason,
            scheduled_at: c.scheduled_at,
            started_at: c.started_at,
            finished_at: c.finished_at,
            created_at: c.created_at,
            total: counts.total(),
            counts,
            rate_per_minute: rate,
            remaining_seconds: duration_at(remaining, rate),
            preflight: StoredPreflight {
                recipients: counts.total(),
                duplicates_removed: c.duplicates_removed,
                blacklisted_skipped: c.blacklisted_skipped,
                invalid: c.invalid_count,
            },
        });
    }
    Ok(views)
}

/// One campaign's view.
pub async fn view(db: &impl ConnectionTrait, id: i32) -> Result<CampaignView> {
    let select = campaign::Entity::find().filter(campaign::Column::Id.eq(id));
    views(db, select).await?.pop().ok_or_else(not_found)
}

fn cursor_id(cursor: Option<&str>) -> Result<Option<i32>> {
    cursor
        .filter(|c| !c.is_empty())
        .map(|c| c.parse::<i32>().map_err(|_| Error::invalid_field("invalid_cursor", "cursor", "Cursor inválido.")))
        .transpose()
}

fn check_status_filter(status: Option<&str>, allowed: &[&str]) -> Result<()> {
    match status {
        Some(s) if !s.is_empty() && !allowed.contains(&s) => Err(Error::invalid_field(
            "invalid_status",
            "status",
            format!("Situação desconhecida: use {}.", allowed.join(", ")),
        )),
        _ => Ok(()),
    }
}

/// Campaigns, newest first, `limit` after `cursor`.
pub async fn list(
    db: &impl ConnectionTrait,
    status: Option<&str>,
    cursor: Option<&str>,
    limit: u64,
) -> Result<Page<CampaignView>> {
    check_status_filter(status, &STATUSES)?;
    let mut select = campaign::Entity::find().order_by_desc(campaign::Column::Id).limit(limit + 1);
    if let Some(status) = status.filter(|s| !s.is_empty()) {
        select = select.filter(campaign::Column::Status.eq(status));
    }
    if let Some(before) = cursor_id(cursor)? {
        select = select.filter(campaign::Column::Id.lt(before));
    }
    let mut found = views(db, select).await?;
    let more = found.len() as u64 > limit;
    found.truncate(usize::try_from(limit).unwrap_or(usize::MAX));
    let next_cursor = more.then(|| found.last().map(|c| c.id.to_string())).flatten();
    Ok(Page { data: found, next_cursor })
}

/// A campaign's recipients in order, `limit` after `cursor`, optionally of one status.
pub async fn recipients(
    db: &impl ConnectionTrait,
    id: i32,
    status: Option<&str>,
    cursor: Option<&str>,
    limit: u64,
) -> Result<Page<RecipientView>> {
    find(db, id).await?;
    let statuses: Vec<&str> = RecipientStatus::ALL.iter().map(|s| s.as_str()).collect();
    check_status_filter(status, &statuses)?;
    let mut select = campaign_recipient::Entity::find()
        .select_only()
        .columns([
            campaign_recipient::Column::Id,
            campaign_recipient::Column::CustomerId,
            campaign_recipient::Column::Status,
            campaign_recipient::Column::Error,
            campaign_recipient::Column::SentAt,
            campaign_recipient::Column::StatusAt,
        ])
        .column(customer::Column::Name)
        .column(customer::Column::Phone)
        .inner_join(customer::Entity)
        .filter(campaign_recipient::Column::CampaignId.eq(id))
        .order_by_asc(campaign_recipient::Column::Id)
        .limit(limit + 1);
    if let Some(status) = status.filter(|s| !s.is_empty()) {
        select = select.filter(campaign_recipient::Column::Status.eq(status));
    }
    if let Some(after) = cursor_id(cursor)? {
        select = select.filter(campaign_recipient::Column::Id.gt(after));
    }
    type Row = (i32, i32, String, Option<String>, Option<DateTime<Utc>>, DateTime<Utc>, String, String);
    let mut rows: Vec<Row> = select.into_tuple().all(db).await?;
    let more = rows.len() as u64 > limit;
    rows.truncate(usize::try_from(limit).unwrap_or(usize::MAX));
    let next_cursor = more.then(|| rows.last().map(|r| r.0.to_string())).flatten();
    let data = rows
        .into_iter()
        .map(|(id, customer_id, status, reason, sent_at, status_at, name, phone)| RecipientView {
            id,
            customer_id,
            name,
            phone,
            reason_text: reason.as_deref().map(|r| reason_text(r).to_owned()),
            reason,
            status,
            sent_at,
            updated_at: status_at,
        })
        .collect();
    Ok(Page { data, next_cursor })
}

/// Checks what every creation and preview needs; the sources it names.
/// What a checked campaign sends.
struct Checked {
    instance: instance::Model,
    sources: Sources,
    attachment: Option<Attachment>,
    /// The template (official numbers) and its text with `{{n}}` still to fill.
    template: Option<(TemplateChosen, String)>,
}

async fn check(db: &impl ConnectionTrait, new: &NewCampaign) -> Result<Checked> {
    let mut problems = Vec::new();
    let mut attachment = new.attachment.clone();
    if let Some(named) = attachment.as_mut()
        && let Err(Error::Invalid { message, .. }) = holds::check(db, named, "attachment").await
    {
        problems.push(FieldError::new("attachment", message));
    }
    let name = new.name.trim();
    if name.is_empty() || name.chars().count() > 120 {
        problems.push(FieldError::new("name", "Dê um nome de 1 a 120 caracteres."));
    }
    let body = new.body.trim();
    if new.template.is_some() {
        // The template is the message.
    } else if body.is_empty() {
        problems.push(FieldError::new("body", "Escreva a mensagem."));
    } else if body.chars().count() > MAX_BODY {
        problems.push(FieldError::new("body", format!("A mensagem tem no máximo {MAX_BODY} caracteres.")));
    }
    let sources = Sources {
        phones: new.phones.clone().unwrap_or_default(),
        customer_group_ids: new.customer_group_ids.clone().unwrap_or_default(),
        contacts: new.contacts.clone().unwrap_or_default(),
    };
    if sources.phones.iter().all(|p| p.trim().is_empty())
        && sources.customer_group_ids.is_empty()
        && sources.contacts.is_empty()
    {
        problems.push(FieldError::new("phones", "Informe telefones, grupos de clientes ou um arquivo de contatos."));
    }
    if let Some(at) = new.scheduled_at
        && at > Utc::now() + Duration::days(366)
    {
        problems.push(FieldError::new("scheduledAt", "Agende para no máximo um ano à frente."));
    }
    if let Err(Error::Invalid { fields, .. }) = recipients::check_variables(body, &sources.contacts) {
        problems.extend(fields);
    }
    let instance = instance::Entity::find_by_id(new.instance_id).one(db).await?;
    if instance.is_none() {
        problems.push(FieldError::new("instanceId", "Instância não encontrada."));
    }
    let template = match &instance {
        Some(instance) => template_of(db, instance, new, &sources, &mut problems).await?,
        None => None,
    };
    match instance {
        Some(instance) if problems.is_empty() => Ok(Checked { instance, sources, attachment, template }),
        _ => Err(Error::Invalid {
            code: "invalid_campaign",
            message: problems.first().map(|p| p.message.clone()).unwrap_or_default(),
            fields: problems,
        }),
    }
}

/// The campaign's template, checked: an official number starts conversations only with an
/// approved template (Meta refuses free text outside the 24-hour window), every parameter filled
/// (its variables known); other numbers have none.
async fn template_of(
    db: &impl ConnectionTrait,
    instance: &instance::Model,
    new: &NewCampaign,
    sources: &Sources,
    problems: &mut Vec<FieldError>,
) -> Result<Option<(TemplateChosen, String)>> {
    let official = instances::Kind::stored(&instance.provider_kind) == instances::Kind::Cloud;
    let Some(chosen) = &new.template else {
        if official {
            problems.push(FieldError::new(
                "template",
                "Números oficiais só começam conversas com modelos aprovados pela Meta: escolha um modelo.",
            ));
        }
        return Ok(None);
    };
    if !official {
        problems.push(FieldError::new("template", "Modelos de mensagem existem só em números oficiais."));
        return Ok(None);
    }
    if new.attachment.is_some() {
        problems.push(FieldError::new("attachment", "Um modelo é enviado sem anexo."));
    }
    let Some(found) = message_templates::find(db, instance.id, chosen.id).await? else {
        problems.push(FieldError::new("template.id", "Modelo não encontrado para este número: sincronize os modelos."));
        return Ok(None);
    };
    if found.status != "APPROVED" {
        problems.push(FieldError::new(
            "template.id",
            format!("O modelo \"{}\" não está aprovado pela Meta (situação: {}).", found.name, found.status),
        ));
    }
    let wanted = usize::try_from(found.parameters).unwrap_or(0);
    for index in 0..wanted.max(chosen.parameters.len()) {
        match chosen.parameters.get(index).map(|v| v.trim()) {
            _ if index >= wanted => problems.push(FieldError::new(
                "template.parameters",
                format!("O modelo \"{}\" tem {wanted} parâmetro(s), não {}.", found.name, chosen.parameters.len()),
            )),
            Some(value) if !value.is_empty() => {
                if let Err(Error::Invalid { fields, .. }) = recipients::check_variables(value, &sources.contacts) {
                    problems.extend(
                        fields
                            .into_iter()
                            .map(|f| FieldError::new(&format!("template.parameters[{index}]"), f.message)),
                    );
                }
            }
            _ => problems.push(FieldError::new(
                &format!("template.parameters[{index}]"),
                format!("Preencha o parâmetro {{{{{}}}}}.", index + 1),
            )),
        }
        if index >= wanted {
            break;
        }
    }
    let text = message_templates::compose(&found);
    let kept = TemplateChosen {
        id: found.id,
        name: found.name,
        language: found.language,
        category: found.category,
        parameters: chosen.parameters.iter().map(|p| p.trim().to_owned()).collect(),
    };
    Ok(Some((kept, text)))
}

/// What a template parameter that renders empty for a recipient is sent as.
pub const EMPTY_PARAMETER: &str = "cliente";

/// A recipient's text of a template campaign: each parameter rendered for them, then the template
/// filled with them. Answers the text and the values sent.
pub fn render_template(
    text: &str,
    parameters: &[String],
    name: &str,
    phone: &str,
    fields: Option<&recipients::Fields>,
) -> (String, Vec<String>) {
    // Meta refuses a template with an empty parameter: a value that comes out empty for this
    // recipient (a name never known) is sent as "cliente" (docs/campaigns.md#templates).
    let values: Vec<String> = parameters
        .iter()
        .map(|p| recipients::render(p, name, phone, fields))
        .map(|value| if value.trim().is_empty() { EMPTY_PARAMETER.to_owned() } else { value })
        .collect();
    (message_templates::fill(text, &values), values)
}

/// What creating the campaign would do: recipients, duplicates, blacklisted, invalid phones, the
/// first messages rendered and the expected duration. Writes nothing.
pub async fn preview(db: &impl ConnectionTrait, new: &NewCampaign) -> Result<Preflight> {
    let Checked { instance, sources, template, .. } = check(db, new).await?;
    let resolution = recipients::resolve(db, &sources, false).await?;
    let rate = rates(db, &[instance.id]).await?.get(&instance.id).copied().unwrap_or(DEFAULT_RATE);
    let blacklisted = resolution.blacklisted() as u64;
    let sendable = resolution.recipients.len() as u64 - blacklisted;
    let samples = resolution
        .recipients
        .iter()
        .filter(|r| !r.blacklisted)
        .take(3)
        .map(|r| Sample {
            phone: r.phone.clone(),
            name: r.name.clone(),
            text: match &template {
                Some((chosen, text)) => {
                    render_template(text, &chosen.parameters, &r.name, &r.phone, r.fields.as_ref()).0
                }
                None => recipients::render(new.body.trim(), &r.name, &r.phone, r.fields.as_ref()),
            },
        })
        .collect();
    let estimated_cost = match &template {
        Some((chosen, _)) => {
            let per_message = message_templates::price_of(db, &chosen.category).await?;
            Some(CostEstimate {
                category: chosen.category.clone(),
                per_message_brl: per_message,
                total_brl: per_message.map(|price| (price * sendable as f64 * 100.0).round() / 100.0),
            })
        }
        None => None,
    };
    Ok(Preflight {
        template: template.map(|(chosen, _)| chosen),
        estimated_cost,
        recipients: sendable,
        duplicates_removed: resolution.duplicates_removed as u64,
        blacklisted_skipped: blacklisted,
        invalid: resolution.invalid,
        samples,
        rate_per_minute: rate,
        expected_seconds: duration_at(sendable, rate),
    })
}

/// Creates a campaign as a draft with its recipients (customers created for new phones;
/// blacklisted ones `failed` with reason `blacklisted`).
pub async fn create(unit: &Unit, user_id: i32, new: &NewCampaign) -> Result<CampaignView> {
    let Checked { instance, sources, attachment, template } = check(unit, new).await?;
    let resolution = recipients::resolve(unit, &sources, true).await?;
    if resolution.recipients.is_empty() {
        return Err(Error::invalid_field(
            "no_recipients",
            "phones",
            "Nenhum destinatário válido: confira os telefones, os grupos ou o arquivo.",
        ));
    }
    let now = Utc::now();
    let created = campaign::ActiveModel {
        name: Set(new.name.trim().to_owned()),
        instance_id: Set(instance.id),
        status: Set(DRAFT.into()),
        scheduled_at: Set(new.scheduled_at),
        // A template campaign keeps the template's text, `{{n}}` filled per recipient when sent.
        body: Set(Some(match &template {
            Some((_, text)) => text.clone(),
            None => new.body.trim().to_owned(),
        })),
        template_id: Set(template.as_ref().map(|(t, _)| t.id)),
        template_name: Set(template.as_ref().map(|(t, _)| t.name.clone())),
        template_language: Set(template.as_ref().map(|(t, _)| t.language.clone())),
        template_category: Set(template.as_ref().map(|(t, _)| t.category.clone())),
        template_parameters: Set(template
            .as_ref()
            .map(|(t, _)| serde_json::to_string(&t.parameters).unwrap_or_default())),
        media_id: Set(attachment.as_ref().map(|a| a.media_id)),
        media_file_name: Set(attachment.map(|a| a.file_name)),
        created_by_user_id: Set(Some(user_id)),
        duplicates_removed: Set(i32::try_from(resolution.duplicates_removed).unwrap_or(i32::MAX)),
        blacklisted_skipped: Set(i32::try_from(resolution.blacklisted()).unwrap_or(i32::MAX)),
        invalid_count: Set(i32::try_from(resolution.invalid.len()).unwrap_or(i32::MAX)),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
    .insert(unit)
    .await?;
    for chunk in resolution.recipients.chunks(500) {
        let rows = chunk.iter().filter_map(|r| {
            let customer_id = r.customer_id?;
            Some(campaign_recipient::ActiveModel {
                campaign_id: Set(created.id),
                customer_id: Set(customer_id),
                status: Set(if r.blacklisted { RecipientStatus::Failed } else { RecipientStatus::Pending }),
                error: Set(r.blacklisted.then(|| "blacklisted".to_owned())),
                fields: Set(r.fields.as_ref().map(|f| serde_json::to_string(f).unwrap_or_default())),
                status_at: Set(now),
                created_at: Set(now),
                updated_at: Set(now),
                ..Default::default()
            })
        });
        campaign_recipient::Entity::insert_many(rows).exec_without_returning(unit).await?;
    }
    changed(unit, created.id);
    view(unit, created.id).await
}

/// Tells the campaign's watchers (throttled: `jobs::campaign_progress`).
pub fn changed(unit: &Unit, campaign_id: i32) {
    unit.raise(crate::domain::events::Raised::CampaignChanged { campaign_id });
}

/// A campaign's status or figures moved (at most a few a second per campaign).
#[derive(Debug, Clone, serde::Serialize)]
pub struct CampaignUpdated {
    pub campaign_id: i32,
    pub status: String,
    pub total: u64,
    pub counts: Counts,
}

impl DomainEvent for CampaignUpdated {
    const NAME: &'static str = "CampaignUpdated";
}

/// The event the watchers get (built by the progress reporter from fresh counts).
pub fn updated_event(campaign: &campaign::Model, counts: Counts) -> crate::domain::events::Raised {
    CampaignUpdated { campaign_id: campaign.id, status: campaign.status.clone(), total: counts.total(), counts }
        .to(Audience::managers())
}

fn state_conflict(status: &str, action: &str) -> Error {
    let status = match status {
        DRAFT => "rascunho",
        SCHEDULED => "agendada",
        RUNNING => "em envio",
        PAUSED => "pausada",
        FINISHED => "concluída",
        _ => "cancelada",
    };
    Error::conflict("campaign_state", format!("Não é possível {action} uma campanha {status}."))
}

async fn set_status(unit: &Unit, found: campaign::Model, status: &str, paused_reason: Option<&str>) -> Result<()> {
    let now = Utc::now();
    let mut active = found.into_active_model();
    active.status = Set(status.to_owned());
    active.paused_reason = Set(paused_reason.map(str::to_owned));
    if status == RUNNING && active.started_at.as_ref().is_none() {
        active.started_at = Set(Some(now));
    }
    if status == RUNNING {
        active.finished_at = Set(None);
    }
    if matches!(status, FINISHED | CANCELLED) {
        active.finished_at = Set(Some(now));
    }
    active.updated_at = Set(now);
    let saved = active.update(unit).await?;
    changed(unit, saved.id);
    Ok(())
}

/// Starts a draft: now, or at its `scheduledAt` when that is ahead.
pub async fn start(unit: &Unit, id: i32) -> Result<CampaignView> {
    let found = find(unit, id).await?;
    if found.status != DRAFT {
        return Err(state_conflict(&found.status, "iniciar"));
    }
    let now = Utc::now();
    match found.scheduled_at.filter(|at| *at > now) {
        Some(at) => {
            set_status(unit, found, SCHEDULED, None).await?;
            outbox::enqueue(unit, &CampaignTick { campaign_id: id }, at).await?;
        }
        None => {
            set_status(unit, found, RUNNING, None).await?;
            outbox::enqueue(unit, &CampaignTick { campaign_id: id }, now).await?;
        }
    }
    view(unit, id).await
}

/// Pauses a running campaign: what is queued but not yet sent goes back to pending.
pub async fn pause(unit: &Unit, id: i32) -> Result<CampaignView> {
    let found = find(unit, id).await?;
    if !matches!(found.status.as_str(), RUNNING | SCHEDULED) {
        return Err(state_conflict(&found.status, "pausar"));
    }
    set_status(unit, found, PAUSED, None).await?;
    view(unit, id).await
}

/// Resumes a paused campaign.
pub async fn resume(unit: &Unit, id: i32) -> Result<CampaignView> {
    let found = find(unit, id).await?;
    if found.status != PAUSED {
        return Err(state_conflict(&found.status, "retomar"));
    }
    set_status(unit, found, RUNNING, None).await?;
    outbox::enqueue(unit, &CampaignTick { campaign_id: id }, Utc::now()).await?;
    view(unit, id).await
}

/// Cancels a campaign that has not ended: nobody else receives it.
pub async fn cancel(unit: &Unit, id: i32) -> Result<CampaignView> {
    let found = find(unit, id).await?;
    if matches!(found.status.as_str(), FINISHED | CANCELLED) {
        return Err(state_conflict(&found.status, "cancelar"));
    }
    set_status(unit, found, CANCELLED, None).await?;
    view(unit, id).await
}

/// Sends again to the recipients that failed (not the blacklisted ones): they go back to
/// pending with no message, and the campaign runs again (a paused one stays paused).
pub async fn retry_failed(unit: &Unit, id: i32) -> Result<CampaignView> {
    let found = find(unit, id).await?;
    if matches!(found.status.as_str(), DRAFT | CANCELLED) {
        return Err(state_conflict(&found.status, "reenviar as falhas de"));
    }
    let blacklisted: Vec<i32> = customer::Entity::find()
        .select_only()
        .column(customer::Column::Id)
        .inner_join(campaign_recipient::Entity)
        .filter(campaign_recipient::Column::CampaignId.eq(id))
        .filter(campaign_recipient::Column::Status.eq(RecipientStatus::Failed))
        .filter(customer::Column::Blacklisted.eq(true))
        .into_tuple()
        .all(unit)
        .await?;
    let now = Utc::now();
    let reset = campaign_recipient::Entity::update_many()
        .col_expr(campaign_recipient::Column::Status, Expr::value(RecipientStatus::Pending))
        .col_expr(campaign_recipient::Column::Error, Expr::value(Option::<String>::None))
        .col_expr(campaign_recipient::Column::MessageId, Expr::value(Option::<i32>::None))
        .col_expr(campaign_recipient::Column::StatusAt, Expr::value(now))
        .col_expr(campaign_recipient::Column::UpdatedAt, Expr::value(now))
        .filter(campaign_recipient::Column::CampaignId.eq(id))
        .filter(campaign_recipient::Column::Status.eq(RecipientStatus::Failed))
        .filter(campaign_recipient::Column::CustomerId.is_not_in(blacklisted))
        .exec(unit)
        .await?
        .rows_affected;
    if reset == 0 {
        return Err(Error::conflict("nothing_to_retry", "Nenhuma falha para reenviar (bloqueados não recebem)."));
    }
    if found.status != PAUSED {
        set_status(unit, found, RUNNING, None).await?;
        outbox::enqueue(unit, &CampaignTick { campaign_id: id }, now).await?;
    } else {
        changed(unit, id);
    }
    view(unit, id).await
}

/// One instance's send rate.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Rate {
    pub instance_id: i32,
    #[serde(default)]
    pub instance_name: String,
    /// Mensagens por minuto (1 a 600), divididas entre as campanhas em envio na instância.
    pub rate_per_minute: i32,
}

/// Every instance's send rate.
pub async fn all_rates(db: &impl ConnectionTrait) -> Result<Vec<Rate>> {
    let instances: Vec<(i32, String)> = instance::Entity::find()
        .select_only()
        .column(instance::Column::Id)
        .column(instance::Column::Name)
        .order_by_asc(instance::Column::Name)
        .into_tuple()
        .all(db)
        .await?;
    let ids: Vec<i32> = instances.iter().map(|(id, _)| *id).collect();
    let rates = rates(db, &ids).await?;
    Ok(instances
        .into_iter()
        .map(|(id, name)| Rate { instance_id: id, instance_name: name, rate_per_minute: rates[&id] })
        .collect())
}

/// Sets an instance's send rate.
pub async fn set_rate(db: &impl ConnectionTrait, instance_id: i32, rate_per_minute: i32) -> Result<Rate> {
    if !(1..=MAX_RATE).contains(&rate_per_minute) {
        return Err(Error::invalid_field(
            "invalid_rate",
            "ratePerMinute",
            format!("A taxa vai de 1 a {MAX_RATE} mensagens por minuto."),
        ));
    }
    let found = instance::Entity::find_by_id(instance_id)
        .one(db)
        .await?
        .ok_or_else(|| Error::not_found("instance_not_found", "Instância não encontrada."))?;
    instance_send_rate::Entity::insert(instance_send_rate::ActiveModel {
        instance_id: Set(instance_id),
        rate_per_minute: Set(rate_per_minute),
        next_slot_at: Set(None),
    })
    .on_conflict(
        sea_orm::sea_query::OnConflict::column(instance_send_rate::Column::InstanceId)
            .update_column(instance_send_rate::Column::RatePerMinute)
            .to_owned(),
    )
    .exec_without_returning(db)
    .await?;
    Ok(Rate { instance_id, instance_name: found.name, rate_per_minute })
}
