//! Quick replies (respostas rápidas, docs/quick-replies.md): texts an agent inserts with `/` in the
//! composer instead of typing the same answer all day.
//!
//! A reply belongs to the whole tenant (`tenant`), to one department (`department`: its members
//! see it) or to one user (`personal`). Those who see everything (administrators, supervisors:
//! [`Viewer::sees_all`]) keep the first two; everyone keeps their own. A personal reply is nobody
//! else's business: to anyone but its owner it does not exist (404). The picker reads the replies
//! with their [`variables`] filled for the ticket; each message sent with replies counts a use of
//! each (`uses`, shown in the editor; `quick_reply_uses` keeps who used it when, for the
//! productivity report).
//!
//! A reply may carry a file (one of the tenant's media, stored once and sent as the message's
//! `mediaId` however often the reply is used; held as `quick_reply:{id}`) or point at an official
//! number's approved template with values for its `{{n}}` that may hold the variables. On a ticket
//! the picker offers template replies only for the ticket's own number, and only those once the
//! customer's 24-hour window has closed.

pub mod variables;

use chrono::{DateTime, Utc};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, EntityTrait, IntoActiveModel, QueryFilter, QueryOrder,
    QuerySelect, Set,
    sea_query::{Expr, ExprTrait, Func, LikeExpr},
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::{
    domain::{
        conversations::{Viewer, tickets, views::NamedRef},
        error::{Error, Result},
        instances::message_templates::{self, TemplateChoice, TemplateRef},
        media::holds::{self, Attachment, AttachmentView},
        sql::Binder,
        tenants::escape_like,
    },
    entities::tenant::{customer, department, message_template, quick_reply, ticket},
};

/// The longest text of a reply: a message's.
pub const MAX_BODY: usize = 4096;
/// The longest shortcut.
const MAX_SHORTCUT: usize = 40;
/// Replies the picker reads for a ticket, most used first.
const PICKER_LIMIT: u64 = 500;
/// Replies one message may count.
pub const MAX_PER_MESSAGE: usize = 10;

/// Whose a reply is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Scope {
    /// Everyone in the tenant.
    Tenant,
    /// The members of one department.
    Department,
    /// Its owner only.
    Personal,
}

impl Scope {
    fn as_str(self) -> &'static str {
        match self {
            Self::Tenant => "tenant",
            Self::Department => "department",
            Self::Personal => "personal",
        }
    }

    fn parse(stored: &str) -> Self {
        match stored {
            "tenant" => Self::Tenant,
            "department" => Self::Department,
            _ => Self::Personal,
        }
    }
}

/// A reply as the API shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QuickReplyView {
    pub id: i32,
    /// Typed after `/` (`boleto` for `/boleto`).
    pub shortcut: String,
    /// The text, with its `{{variáveis}}`.
    pub body: String,
    pub scope: Scope,
    /// The department of a `department` reply.
    pub department: Option<NamedRef>,
    /// Messages sent with it.
    pub uses: i32,
    /// A file sent with it (`body` is then its caption and may be empty).
    pub attachment: Option<AttachmentView>,
    /// The approved template it sends on an official number (`body` is then empty), with the
    /// values kept for its `{{n}}`.
    pub template: Option<TemplateRef>,
    /// Whether the caller may change or delete it.
    pub editable: bool,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// A reply filled for one ticket, as the composer's picker shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FilledReply {
    #[serde(flatten)]
    pub reply: QuickReplyView,
    /// The text with the ticket's values in its variables.
    pub text: String,
    /// The template's values with the ticket's values in their variables (empty without a
    /// template).
    pub template_parameters: Vec<String>,
    /// Variables with nothing to fill for this ticket (`nome` of a customer known only by number),
    /// in the text or the template's values: the picker refuses the reply while any is left.
    pub missing: Vec<String>,
}

/// A page of replies, by shortcut.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct QuickReplyPage {
    pub data: Vec<QuickReplyView>,
    /// Pass as `cursor` for the next page; absent on the last.
    pub next_cursor: Option<String>,
}

/// What a list asks.
#[derive(Debug, Clone, Default)]
pub struct ListQuery {
    pub scope: Option<Scope>,
    /// Part of the shortcut or of the text (case-insensitive).
    pub search: Option<String>,
    pub cursor: Option<String>,
    pub limit: Option<u64>,
}

/// A new reply.
#[derive(Debug, Clone)]
pub struct NewQuickReply {
    pub shortcut: String,
    pub body: String,
    pub scope: Scope,
    /// The department of a `department` reply.
    pub department_id: Option<i32>,
    pub attachment: Option<Attachment>,
    pub template: Option<TemplateChoice>,
}

/// Changes to a reply (its scope stays). `attachment` and `template`: `None` keeps, `Some(None)`
/// removes.
#[derive(Debug, Clone, Default)]
pub struct QuickReplyChanges {
    pub shortcut: Option<String>,
    pub body: Option<String>,
    pub attachment: Option<Option<Attachment>>,
    pub template: Option<Option<TemplateChoice>>,
}

/// What a reply sends, checked.
struct Content {
    body: String,
    /// `(media_id, file_name)`.
    file: Option<(i32, String)>,
    /// `(template_id, values as JSON)`.
    template: Option<(i32, String)>,
}

/// Checks what a reply sends: text (required unless a file or a template goes), a file of the
/// tenant's within the channel's limits, or an approved template with a value for each `{{n}}` —
/// not both.
async fn check_content(
    db: &impl ConnectionTrait,
    body: &str,
    attachment: Option<Attachment>,
    template: Option<TemplateChoice>,
) -> Result<Content> {
    if attachment.is_some() && template.is_some() {
        return Err(Error::invalid_field(
            "template_with_media",
            "template",
            "Um modelo é enviado sem anexo: escolha um ou outro.",
        ));
    }
    if let Some(choice) = template {
        let found = message_template::Entity::find_by_id(choice.id)
            .one(db)
            .await?
            .ok_or_else(|| Error::invalid_field("template_not_found", "template.id", "Modelo não encontrado."))?;
        message_templates::prepare(db, found.instance_id, found.id, &choice.parameters).await?;
        let values: Vec<String> = choice.parameters.iter().map(|v| v.trim().to_owned()).collect();
        for value in &values {
            variables::check(value)?;
        }
        let stored = serde_json::to_string(&values).unwrap_or_else(|_| "[]".into());
        return Ok(Content { body: String::new(), file: None, template: Some((found.id, stored)) });
    }
    if let Some(mut attachment) = attachment {
        let checked = holds::check(db, &mut attachment, "attachment.mediaId").await?;
        let caption = body.trim();
        if caption.chars().count() > MAX_BODY {
            return Err(Error::invalid_field(
                "invalid_body",
                "body",
                format!("A legenda pode ter até {MAX_BODY} caracteres."),
            ));
        }
        variables::check(caption)?;
        return Ok(Content {
            body: caption.to_owned(),
            file: Some((checked.media_id, attachment.file_name)),
            template: None,
        });
    }
    Ok(Content { body: check_body(body)?, file: None, template: None })
}

/// The file a reply holds, kept from the retention while the reply has it.
async fn hold_file(db: &impl ConnectionTrait, reply: &quick_reply::Model) -> Result<()> {
    let holder = format!("quick_reply:{}", reply.id);
    match reply.media_id {
        Some(id) => holds::hold(db, &holder, &[id]).await,
        None => holds::release(db, &holder).await,
    }
}

fn not_found() -> Error {
    Error::not_found("quick_reply_not_found", "Resposta rápida não encontrada.")
}

fn forbidden() -> Error {
    Error::forbidden(
        "quick_reply_forbidden",
        "Só administradores e supervisores mantêm as respostas da empresa e dos departamentos.",
    )
}

/// `boleto` from `/Boleto ` — lower-case letters, digits, `-` and `_`, 1 to 40 of them.
fn check_shortcut(shortcut: &str) -> Result<String> {
    let shortcut = shortcut.trim().trim_start_matches('/').to_lowercase();
    let fits = |c: char| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '_';
    if shortcut.is_empty() || shortcut.len() > MAX_SHORTCUT || !shortcut.chars().all(fits) {
        return Err(Error::invalid_field(
            "invalid_shortcut",
            "shortcut",
            format!("O atalho tem de 1 a {MAX_SHORTCUT} letras sem acento, números, - ou _ (sem espaços)."),
        ));
    }
    Ok(shortcut)
}

fn check_body(body: &str) -> Result<String> {
    let body = body.trim();
    if body.is_empty() || body.chars().count() > MAX_BODY {
        return Err(Error::invalid_field(
            "invalid_body",
            "body",
            format!("Escreva o texto da resposta (até {MAX_BODY} caracteres)."),
        ));
    }
    variables::check(body)?;
    Ok(body.to_owned())
}

/// `owner` of a reply: a shortcut is unique per owner.
fn owner_of(scope: Scope, department_id: Option<i32>, user_id: i32) -> String {
    match scope {
        Scope::Tenant => "tenant".into(),
        Scope::Department => format!("department:{}", department_id.unwrap_or_default()),
        Scope::Personal => format!("user:{user_id}"),
    }
}

/// The replies `viewer` may see: the tenant's, their department's (every department's for those
/// who see everything; also `also_department`'s, a ticket's), their own.
fn visible(viewer: &Viewer, also_department: Option<i32>) -> Condition {
    let departments: Condition = if viewer.sees_all && also_department.is_none() {
        Condition::all()
    } else {
        let ids: Vec<i32> = viewer.department_id.into_iter().chain(also_department).collect();
        Condition::all().add(quick_reply::Column::DepartmentId.is_in(ids))
    };
    Condition::any()
        .add(quick_reply::Column::Scope.eq(Scope::Tenant.as_str()))
        .add(Condition::all().add(quick_reply::Column::Scope.eq(Scope::Department.as_str())).add(departments))
        .add(
            Condition::all()
                .add(quick_reply::Column::Scope.eq(Scope::Personal.as_str()))
                .add(quick_reply::Column::UserId.eq(viewer.user_id)),
        )
}

fn may_edit(viewer: &Viewer, reply: &quick_reply::Model) -> bool {
    match Scope::parse(&reply.scope) {
        Scope::Personal => reply.user_id == Some(viewer.user_id),
        Scope::Tenant | Scope::Department => viewer.sees_all,
    }
}

/// The views of `replies`, their departments' names read at once.
async fn views(
    db: &impl ConnectionTrait,
    viewer: &Viewer,
    replies: Vec<quick_reply::Model>,
) -> Result<Vec<QuickReplyView>> {
    let ids: Vec<i32> = replies.iter().filter_map(|r| r.department_id).collect();
    let files: Vec<_> = replies.iter().map(|r| (r.media_id, r.file_name.clone())).collect();
    let mut files = holds::views(db, &files).await?.into_iter();
    let templates: Vec<_> = replies.iter().map(|r| (r.template_id, r.template_parameters.clone())).collect();
    let mut templates = message_templates::refs(db, &templates).await?.into_iter();
    let names: Vec<(i32, String)> = if ids.is_empty() {
        Vec::new()
    } else {
        department::Entity::find()
            .select_only()
            .columns([department::Column::Id, department::Column::Name])
            .filter(department::Column::Id.is_in(ids))
            .into_tuple()
            .all(db)
            .await?
    };
    Ok(replies
        .into_iter()
        .map(|reply| {
            let department = reply.department_id.and_then(|id| {
                names.iter().find(|(d, _)| *d == id).map(|(id, name)| NamedRef { id: *id, name: name.clone() })
            });
            QuickReplyView {
                id: reply.id,
                editable: may_edit(viewer, &reply),
                scope: Scope::parse(&reply.scope),
                shortcut: reply.shortcut,
                body: reply.body,
                department,
                uses: reply.uses,
                attachment: files.next().flatten(),
                template: templates.next().flatten(),
                created_at: reply.created_at,
                updated_at: reply.updated_at,
            }
        })
        .collect())
}

/// A page of the replies the viewer sees, by shortcut (20 by default, at most 100).
pub async fn list(db: &impl ConnectionTrait, viewer: &Viewer, query: ListQuery) -> Result<QuickReplyPage> {
    let limit = query.limit.unwrap_or(20).clamp(1, 100);
    let mut condition = Condition::all().add(visible(viewer, None));
    if let Some(scope) = query.scope {
        condition = condition.add(quick_reply::Column::Scope.eq(scope.as_str()));
    }
    if let Some(search) = query.search.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
        let pattern = format!("%{}%", escape_like(&search.to_lowercase()));
        let like = |column: quick_reply::Column| {
            Expr::expr(Func::lower(Expr::col(column))).like(LikeExpr::new(pattern.clone()).escape('\\'))
        };
        condition = condition
            .add(Condition::any().add(like(quick_reply::Column::Shortcut)).add(like(quick_reply::Column::Body)));
    }
    if let Some(cursor) = query.cursor.as_deref() {
        let invalid = || {
            Error::invalid_field("invalid_cursor", "cursor", "Cursor inválido: use o next_cursor da página anterior.")
        };
        let (shortcut, id) = cursor.rsplit_once('/').ok_or_else(invalid)?;
        let id: i32 = id.parse().map_err(|_| invalid())?;
        condition =
            condition.add(Condition::any().add(quick_reply::Column::Shortcut.gt(shortcut)).add(
                Condition::all().add(quick_reply::Column::Shortcut.eq(shortcut)).add(quick_reply::Column::Id.gt(id)),
            ));
    }
    let select = quick_reply::Entity::find()
        .filter(condition)
        .order_by_asc(quick_reply::Column::Shortcut)
        .order_by_asc(quick_reply::Column::Id)
        .limit(limit + 1);
    let mut rows = crate::domain::pages::all(db, select).await?;
    let next_cursor = if rows.len() as u64 > limit {
        rows.truncate(limit as usize);
        rows.last().map(|last| format!("{}/{}", last.shortcut, last.id))
    } else {
        None
    };
    Ok(QuickReplyPage { data: views(db, viewer, rows).await?, next_cursor })
}

/// The replies the viewer may use on a ticket they see, filled for it, most used first.
pub async fn for_ticket(
    db: &impl ConnectionTrait,
    viewer: &Viewer,
    ticket_id: i32,
    now: DateTime<Utc>,
) -> Result<Vec<FilledReply>> {
    let found: ticket::Model = tickets::find_visible(db, viewer, ticket_id).await?;
    let customer = customer::Entity::find_by_id(found.customer_id).one(db).await?;
    let department_name = match found.department_id {
        Some(id) => department::Entity::find_by_id(id).one(db).await?.map(|d| d.name),
        None => None,
    };
    // A customer whose name is their number has no name to greet.
    let customer_name = customer.filter(|c| c.name.trim() != c.phone.trim()).map(|c| c.name);
    let context = variables::Context {
        customer_name,
        protocol: found.protocol.clone(),
        agent_name: viewer.name.clone(),
        department_name,
        now,
    };
    // Templates are the number's own; past the customer's 24-hour window, nothing else goes.
    let approved: Vec<i32> = message_template::Entity::find()
        .select_only()
        .column(message_template::Column::Id)
        .filter(message_template::Column::InstanceId.eq(found.instance_id))
        .filter(message_template::Column::Status.eq("APPROVED"))
        .into_tuple()
        .all(db)
        .await?;
    let window_closed = found.window_closes_at.is_some_and(|closes| closes <= now);
    let sendable = if window_closed {
        Condition::all().add(quick_reply::Column::TemplateId.is_in(approved))
    } else {
        Condition::any()
            .add(quick_reply::Column::TemplateId.is_null())
            .add(quick_reply::Column::TemplateId.is_in(approved))
    };
    let select = quick_reply::Entity::find()
        .filter(visible(viewer, found.department_id))
        .filter(sendable)
        .order_by_desc(quick_reply::Column::Uses)
        .order_by_asc(quick_reply::Column::Shortcut)
        .order_by_asc(quick_reply::Column::Id)
        .limit(PICKER_LIMIT);
    let rows = crate::domain::pages::all(db, select).await?;
    Ok(views(db, viewer, rows)
        .await?
        .into_iter()
        .map(|reply| {
            let (text, mut missing) = variables::render(&reply.body, &context);
            let values = reply.template.as_ref().map(|t| t.parameters.as_slice()).unwrap_or_default();
            let template_parameters = values
                .iter()
                .map(|value| {
                    let (filled, absent) = variables::render(value, &context);
                    for name in absent {
                        if !missing.contains(&name) {
                            missing.push(name);
                        }
                    }
                    filled
                })
                .collect();
            FilledReply { reply, text, template_parameters, missing }
        })
        .collect())
}

/// Refuses a shortcut its owner already has (422 on `shortcut`).
async fn ensure_free(db: &impl ConnectionTrait, owner: &str, shortcut: &str, except: Option<i32>) -> Result<()> {
    let mut query = quick_reply::Entity::find()
        .filter(quick_reply::Column::Owner.eq(owner))
        .filter(quick_reply::Column::Shortcut.eq(shortcut));
    if let Some(id) = except {
        query = query.filter(quick_reply::Column::Id.ne(id));
    }
    if query.one(db).await?.is_some() {
        return Err(Error::invalid_field(
            "shortcut_taken",
            "shortcut",
            format!("Já existe uma resposta /{shortcut} neste escopo."),
        ));
    }
    Ok(())
}

/// Creates a reply; the tenant's and the departments' only by those who see everything.
pub async fn create(db: &impl ConnectionTrait, viewer: &Viewer, new: NewQuickReply) -> Result<QuickReplyView> {
    let shortcut = check_shortcut(&new.shortcut)?;
    let content = check_content(db, &new.body, new.attachment, new.template).await?;
    let department_id = match new.scope {
        Scope::Personal => None,
        Scope::Tenant if viewer.sees_all => None,
        Scope::Department if viewer.sees_all => {
            let id = new.department_id.ok_or_else(|| {
                Error::invalid_field("invalid_department", "departmentId", "Escolha o departamento da resposta.")
            })?;
            department::Entity::find_by_id(id).one(db).await?.ok_or_else(|| {
                Error::invalid_field("invalid_department", "departmentId", "Departamento não encontrado.")
            })?;
            Some(id)
        }
        Scope::Tenant | Scope::Department => return Err(forbidden()),
    };
    let owner = owner_of(new.scope, department_id, viewer.user_id);
    ensure_free(db, &owner, &shortcut, None).await?;
    let now = Utc::now();
    let created = quick_reply::ActiveModel {
        shortcut: Set(shortcut),
        body: Set(content.body),
        media_id: Set(content.file.as_ref().map(|(id, _)| *id)),
        file_name: Set(content.file.map(|(_, name)| name)),
        template_id: Set(content.template.as_ref().map(|(id, _)| *id)),
        template_parameters: Set(content.template.map(|(_, values)| values)),
        scope: Set(new.scope.as_str().to_owned()),
        owner: Set(owner),
        department_id: Set(department_id),
        user_id: Set((new.scope == Scope::Personal).then_some(viewer.user_id)),
        uses: Set(0),
        created_by: Set(Some(viewer.user_id)),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
    .insert(db)
    .await?;
    hold_file(db, &created).await?;
    Ok(views(db, viewer, vec![created]).await?.remove(0))
}

/// A reply the viewer sees and may change: 404 when they do not see it, 403 when it is shared and
/// they do not keep shared replies.
async fn editable(db: &impl ConnectionTrait, viewer: &Viewer, id: i32) -> Result<quick_reply::Model> {
    let found =
        quick_reply::Entity::find_by_id(id).filter(visible(viewer, None)).one(db).await?.ok_or_else(not_found)?;
    if !may_edit(viewer, &found) {
        return Err(forbidden());
    }
    Ok(found)
}

/// Changes a reply's shortcut or text.
pub async fn update(
    db: &impl ConnectionTrait,
    viewer: &Viewer,
    id: i32,
    changes: QuickReplyChanges,
) -> Result<QuickReplyView> {
    let found = editable(db, viewer, id).await?;
    let owner = found.owner.clone();
    // What the reply sends is checked whole: a new text beside a kept file is a caption.
    let body = changes.body.clone().unwrap_or_else(|| found.body.clone());
    let attachment = match changes.attachment {
        Some(given) => given,
        None => found
            .media_id
            .map(|media_id| Attachment { media_id, file_name: found.file_name.clone().unwrap_or_default() }),
    };
    let template = match changes.template {
        Some(given) => given,
        None => found.template_id.map(|id| TemplateChoice {
            id,
            parameters: message_templates::stored_parameters(found.template_parameters.as_deref()),
        }),
    };
    let content = check_content(db, &body, attachment, template).await?;
    let mut active = found.into_active_model();
    if let Some(shortcut) = changes.shortcut.as_deref() {
        let shortcut = check_shortcut(shortcut)?;
        ensure_free(db, &owner, &shortcut, Some(id)).await?;
        active.shortcut = Set(shortcut);
    }
    active.body = Set(content.body);
    active.media_id = Set(content.file.as_ref().map(|(id, _)| *id));
    active.file_name = Set(content.file.map(|(_, name)| name));
    active.template_id = Set(content.template.as_ref().map(|(id, _)| *id));
    active.template_parameters = Set(content.template.map(|(_, values)| values));
    active.updated_at = Set(Utc::now());
    let updated = active.update(db).await?;
    hold_file(db, &updated).await?;
    Ok(views(db, viewer, vec![updated]).await?.remove(0))
}

/// Deletes a reply.
pub async fn delete(db: &impl ConnectionTrait, viewer: &Viewer, id: i32) -> Result<()> {
    let found = editable(db, viewer, id).await?;
    quick_reply::Entity::delete_by_id(found.id).exec(db).await?;
    holds::release(db, &format!("quick_reply:{}", found.id)).await?;
    Ok(())
}

/// Counts a use of each reply a message on `ticket` was written with, by `viewer` at `now`: the
/// reply's counter and one `quick_reply_uses` row each (the productivity report's). Each must be
/// one the picker offered the sender there (422 on `quickReplyIds` otherwise); repeated ids count
/// once.
pub async fn count_uses(
    db: &impl ConnectionTrait,
    viewer: &Viewer,
    ticket: &ticket::Model,
    ids: &[i32],
    now: DateTime<Utc>,
) -> Result<()> {
    let mut ids = ids.to_vec();
    ids.sort_unstable();
    ids.dedup();
    if ids.is_empty() {
        return Ok(());
    }
    let refused = || {
        Error::invalid_field(
            "quick_reply_not_found",
            "quickReplyIds",
            format!("Informe até {MAX_PER_MESSAGE} respostas rápidas que você pode usar."),
        )
    };
    if ids.len() > MAX_PER_MESSAGE {
        return Err(refused());
    }
    let seen: Vec<i32> = quick_reply::Entity::find()
        .select_only()
        .column(quick_reply::Column::Id)
        .filter(quick_reply::Column::Id.is_in(ids.clone()))
        .filter(visible(viewer, ticket.department_id))
        .into_tuple()
        .all(db)
        .await?;
    if seen.len() != ids.len() {
        return Err(refused());
    }
    quick_reply::Entity::update_many()
        .col_expr(quick_reply::Column::Uses, Expr::col(quick_reply::Column::Uses).add(1))
        .filter(quick_reply::Column::Id.is_in(ids.clone()))
        .exec(db)
        .await?;
    let mut b = Binder::new(db.get_database_backend());
    let rows: Vec<String> = ids
        .iter()
        .map(|id| {
            format!(
                "({}, {}, {}, {}, {}, {})",
                b.p(*id),
                b.p(viewer.user_id),
                b.p(ticket.id),
                b.p(ticket.instance_id),
                b.p(ticket.department_id),
                b.p(now)
            )
        })
        .collect();
    let sql = format!(
        "INSERT INTO quick_reply_uses (quick_reply_id, user_id, ticket_id, instance_id, department_id, used_at) \
         VALUES {}",
        rows.join(", ")
    );
    db.execute_raw(b.statement(sql)).await?;
    Ok(())
}
