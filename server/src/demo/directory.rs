//! Roles, departments and closing reasons (the default template's, applied again so a tenant
//! created from another template gets them too), instances, and the demo agents with their
//! instance links and default settings.

use std::collections::{BTreeMap, HashSet};

use chrono::Duration;
use sea_orm::{ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QuerySelect, Set, sea_query::OnConflict};

use super::{Ctx, DemoOptions, insert_batched, names};
use crate::domain::templates::{self, Template};
use crate::entities::tenant::{closing_reason, department, instance, role, user, user_instance, user_setting};

/// The username (and e-mail local part) of the attendant `deploy/local.sh` prints.
pub(super) const DEMO_ATTENDANT: &str = "atendente";

/// An instance the seed uses.
pub(super) struct Instance {
    pub id: i32,
    pub is_official: bool,
    /// Share of the customers whose chats arrive through it.
    pub weight: u32,
}

/// A demo agent.
pub(super) struct Agent {
    pub id: i32,
    pub first_name: String,
    pub email: String,
    pub department_id: Option<i32>,
    pub instance_ids: Vec<i32>,
}

/// What the other stages need from the directory.
pub(super) struct Directory {
    pub department_ids: Vec<i32>,
    /// Closing reasons as (id, name).
    pub reasons: Vec<(i32, String)>,
    pub instances: Vec<Instance>,
    pub agents: Vec<Agent>,
    /// Agents (indexes into `agents`) linked to each instance id.
    pub agents_by_instance: BTreeMap<i32, Vec<usize>>,
    pub created_users: u64,
}

impl Directory {
    /// The closing reason whose name mentions a sale, if any.
    pub fn sale_reason(&self) -> Option<i32> {
        self.reasons.iter().find(|(_, name)| name.to_lowercase().contains("venda")).map(|(id, _)| *id)
    }
}

/// (name, is_official, is_unlimited, weight)
const INSTANCES: &[(&str, bool, bool, u32)] =
    &[("WhatsApp Vendas", true, false, 50), ("WhatsApp Suporte", false, true, 35), ("Instagram", true, true, 15)];

pub(super) async fn seed<C: ConnectionTrait>(db: &C, ctx: &mut Ctx, opts: &DemoOptions) -> Result<Directory, DbErr> {
    // The roles, departments and closing reasons are the default template's: applying it is
    // idempotent, keeps what an administrator changed, and adds only what is missing.
    templates::apply(db, Template::Default).await.map_err(|err| DbErr::Custom(format!("demo seed: {err}")))?;
    let roles = role_ids(db).await?;
    let department_ids = active_departments(db).await?;
    let reasons = active_reasons(db).await?;
    let instances = ensure_instances(db, ctx).await?;

    // Agents: unique e-mails and usernames, also against users that already exist (the demo
    // administrator is usually created just before the seed).
    let existing: Vec<(String, String)> = user::Entity::find()
        .select_only()
        .columns([user::Column::Email, user::Column::Username])
        .into_tuple()
        .all(db)
        .await?;
    let mut taken: HashSet<String> = existing.into_iter().flat_map(|(email, username)| [email, username]).collect();
    let role_of = |name: &str| roles.get(name).copied();
    let (Some(supervisor), Some(attendant)) = (role_of("supervisor"), role_of("atendente")) else {
        return Err(DbErr::Custom("demo seed: roles are missing".into()));
    };

    let mut planned = Vec::new();
    let mut rows = Vec::new();
    for index in 0..opts.agents as usize {
        let female = index % 2 == 0;
        let first = if female { *ctx.pick(names::FIRST_NAMES_F) } else { *ctx.pick(names::FIRST_NAMES_M) };
        let surname = *ctx.pick(names::SURNAMES);
        // The second agent signs in with a fixed address, printed by deploy/local.sh, to try the inbox.
        let base = if index == 1 {
            DEMO_ATTENDANT.to_owned()
        } else {
            format!("{}.{}", names::ascii_lower(first), names::ascii_lower(surname))
        };
        let mut username = base.clone();
        let mut suffix = 1;
        while taken.contains(&username) || taken.contains(&format!("{username}@demo.example")) {
            suffix += 1;
            username = format!("{base}{suffix}");
        }
        let email = format!("{username}@demo.example");
        taken.insert(username.clone());
        taken.insert(email.clone());

        let department_id =
            if department_ids.is_empty() { None } else { Some(department_ids[index % department_ids.len()]) };
        let role_id = if index == 0 && opts.agents >= 3 { supervisor } else { attendant };
        let created_at = ctx.now - Duration::days(i64::from(opts.days) + 30) - ctx.seconds(0, 86_400 * 60);
        let last_login = ctx.now - ctx.seconds(600, 86_400 * 2);
        rows.push(user::ActiveModel {
            name: Set(format!("{first} {surname}")),
            username: Set(username),
            email: Set(email.clone()),
            image: Set(None),
            password_hash: Set(opts.password_hash.clone()),
            role_id: Set(role_id),
            department_id: Set(department_id),
            is_connected: Set(ctx.chance(0.5)),
            is_functional: Set(true),
            blocked_at: Set(None),
            failed_logins: Set(0),
            valid_after: Set(created_at),
            last_login_at: Set(Some(last_login)),
            deleted_at: Set(None),
            created_at: Set(created_at),
            updated_at: Set(last_login),
            ..Default::default()
        });

        // Every agent attends one instance, half of them a second one; the supervisor all.
        let mut instance_ids = vec![instances[index % instances.len()].id];
        if role_id == supervisor {
            instance_ids = instances.iter().map(|i| i.id).collect();
        } else if instances.len() > 1 && ctx.chance(0.5) {
            let other = instances[(index + 1 + ctx.rng_index(instances.len() - 1)) % instances.len()].id;
            if !instance_ids.contains(&other) {
                instance_ids.push(other);
            }
        }
        planned.push(Agent { id: 0, first_name: first.to_owned(), email, department_id, instance_ids });
    }
    let created_users = insert_batched(db, rows, None).await?;

    // Read the ids back by e-mail, in one query per batch.
    let mut agents = Vec::with_capacity(planned.len());
    for chunk in planned.chunks_mut(500) {
        let emails: Vec<String> = chunk.iter().map(|a| a.email.clone()).collect();
        let ids: BTreeMap<String, i32> = user::Entity::find()
            .select_only()
            .columns([user::Column::Email, user::Column::Id])
            .filter(user::Column::Email.is_in(emails))
            .into_tuple::<(String, i32)>()
            .all(db)
            .await?
            .into_iter()
            .collect();
        for agent in chunk.iter_mut() {
            if let Some(id) = ids.get(&agent.email) {
                agent.id = *id;
            }
        }
    }
    for agent in planned {
        if agent.id != 0 {
            agents.push(agent);
        }
    }

    let now = ctx.now;
    let settings = agents
        .iter()
        .map(|agent| user_setting::ActiveModel {
            user_id: Set(agent.id),
            two_factor_enabled: Set(false),
            two_factor_secret: Set(None),
            two_factor_confirmed_at: Set(None),
            two_factor_last_step: Set(None),
            theme: Set("light".to_owned()),
            locale: Set("pt_BR".to_owned()),
            created_at: Set(now),
            updated_at: Set(now),
            ..Default::default()
        })
        .collect();
    insert_batched(db, settings, Some(OnConflict::column(user_setting::Column::UserId).do_nothing().to_owned()))
        .await?;

    // Links: the agents' own, plus every instance for the users that existed before (the demo
    // administrator), so they see the demo chats too.
    let mut links: Vec<(i32, i32)> = agents
        .iter()
        .flat_map(|agent| agent.instance_ids.iter().map(move |instance_id| (agent.id, *instance_id)))
        .collect();
    let agent_ids: HashSet<i32> = agents.iter().map(|a| a.id).collect();
    let others: Vec<i32> = user::Entity::find()
        .select_only()
        .column(user::Column::Id)
        .filter(user::Column::DeletedAt.is_null())
        .into_tuple()
        .all(db)
        .await?;
    for user_id in others.into_iter().filter(|id| !agent_ids.contains(id)) {
        links.extend(instances.iter().map(|instance| (user_id, instance.id)));
    }
    let link_rows = links
        .iter()
        .map(|(user_id, instance_id)| user_instance::ActiveModel {
            user_id: Set(*user_id),
            instance_id: Set(*instance_id),
            created_at: Set(now),
            updated_at: Set(now),
            ..Default::default()
        })
        .collect();
    insert_batched(
        db,
        link_rows,
        Some(
            OnConflict::columns([user_instance::Column::UserId, user_instance::Column::InstanceId])
                .do_nothing()
                .to_owned(),
        ),
    )
    .await?;

    let mut agents_by_instance: BTreeMap<i32, Vec<usize>> = BTreeMap::new();
    for (index, agent) in agents.iter().enumerate() {
        for instance_id in &agent.instance_ids {
            agents_by_instance.entry(*instance_id).or_default().push(index);
        }
    }

    Ok(Directory { department_ids, reasons, instances, agents, agents_by_instance, created_users })
}

/// Role ids by name.
async fn role_ids<C: ConnectionTrait>(db: &C) -> Result<BTreeMap<String, i32>, DbErr> {
    let found: Vec<(String, i32)> =
        role::Entity::find().select_only().columns([role::Column::Name, role::Column::Id]).into_tuple().all(db).await?;
    Ok(found.into_iter().collect())
}

/// Ids of the active departments.
async fn active_departments<C: ConnectionTrait>(db: &C) -> Result<Vec<i32>, DbErr> {
    let mut ids: Vec<i32> = department::Entity::find()
        .select_only()
        .column(department::Column::Id)
        .filter(department::Column::Activated.eq(true))
        .into_tuple()
        .all(db)
        .await?;
    ids.sort_unstable();
    Ok(ids)
}

/// The active closing reasons.
async fn active_reasons<C: ConnectionTrait>(db: &C) -> Result<Vec<(i32, String)>, DbErr> {
    let mut reasons: Vec<(i32, String)> = closing_reason::Entity::find()
        .select_only()
        .columns([closing_reason::Column::Id, closing_reason::Column::Name])
        .filter(closing_reason::Column::Activated.eq(true))
        .into_tuple()
        .all(db)
        .await?;
    reasons.sort_unstable();
    Ok(reasons)
}

/// The demo instances, created when missing (an existing one with the same name is reused).
async fn ensure_instances<C: ConnectionTrait>(db: &C, ctx: &mut Ctx) -> Result<Vec<Instance>, DbErr> {
    let created_at = ctx.now - Duration::days((ctx.today - ctx.first_day).num_days() + 60);
    let rows: Vec<instance::ActiveModel> = INSTANCES
        .iter()
        .map(|(name, official, unlimited, _)| instance::ActiveModel {
            name: Set((*name).to_owned()),
            activated: Set(true),
            is_official: Set(*official),
            is_unlimited: Set(*unlimited),
            status: Set("connected".to_owned()),
            provider_base_url: Set(Some("https://provider.example/api/v1".to_owned())),
            provider_secret: Set(None),
            last_sync_at: Set(Some(ctx.now - Duration::minutes(5))),
            created_at: Set(created_at),
            updated_at: Set(ctx.now),
            ..Default::default()
        })
        .collect();
    instance::Entity::insert_many(rows)
        .on_conflict(OnConflict::column(instance::Column::Name).do_nothing().to_owned())
        .exec_without_returning(db)
        .await?;
    let ids: BTreeMap<String, i32> = instance::Entity::find()
        .select_only()
        .columns([instance::Column::Name, instance::Column::Id])
        .filter(instance::Column::Name.is_in(INSTANCES.iter().map(|(name, ..)| *name)))
        .into_tuple::<(String, i32)>()
        .all(db)
        .await?
        .into_iter()
        .collect();
    let instances: Vec<Instance> = INSTANCES
        .iter()
        .filter_map(|(name, official, _, weight)| {
            ids.get(*name).map(|id| Instance { id: *id, is_official: *official, weight: *weight })
        })
        .collect();
    if instances.is_empty() {
        return Err(DbErr::Custom("demo seed: instances could not be created".into()));
    }
    Ok(instances)
}
