//! Customers with Brazilian names, mobile phones and CPFs, a few blacklisted, and their groups.

use std::collections::{BTreeMap, HashMap, HashSet};

use chrono::Duration;
use rand::Rng;
use sea_orm::{ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QuerySelect, Set, sea_query::OnConflict};

use super::{Ctx, DemoOptions, directory::Directory, insert_batched, names};
use crate::entities::tenant::{customer, customer_group, customer_group_member};

/// A demo customer.
pub(super) struct Customer {
    pub id: i32,
    pub first_name: String,
    pub city: &'static str,
    /// Index into `Directory::instances` of the instance the customer usually writes to.
    pub home_instance: usize,
    pub blacklisted: bool,
}

/// The customers and the groups they were put in.
pub(super) struct People {
    pub customers: Vec<Customer>,
    /// Customer indexes of each group, by group name.
    pub groups: BTreeMap<&'static str, Vec<usize>>,
}

/// Group name and the share of customers in it.
const GROUPS: &[(&str, f64)] = &[("Clientes VIP", 0.06), ("Atacado", 0.08), ("Lista de Promoções", 0.30)];

/// Rows per insert-then-read-back round.
const CHUNK: usize = 2_000;

pub(super) async fn seed<C: ConnectionTrait>(
    db: &C,
    ctx: &mut Ctx,
    opts: &DemoOptions,
    dir: &Directory,
) -> Result<People, DbErr> {
    let mut phones: HashSet<String> = customer::Entity::find()
        .select_only()
        .column(customer::Column::Phone)
        .into_tuple::<String>()
        .all(db)
        .await?
        .into_iter()
        .collect();
    let weights: Vec<u32> = names::AREAS.iter().map(|(_, _, weight)| *weight).collect();
    let instance_weights: Vec<u32> = dir.instances.iter().map(|i| i.weight).collect();
    let window_start = super::at_local(ctx.first_day, 0);

    let mut customers = Vec::with_capacity(opts.customers as usize);
    let mut remaining = opts.customers as usize;
    while remaining > 0 {
        let size = remaining.min(CHUNK);
        remaining -= size;
        let mut rows = Vec::with_capacity(size);
        let mut chunk = Vec::with_capacity(size);
        let mut chunk_phones = Vec::with_capacity(size);
        for _ in 0..size {
            let first = if ctx.chance(0.5) { *ctx.pick(names::FIRST_NAMES_F) } else { *ctx.pick(names::FIRST_NAMES_M) };
            let surname = *ctx.pick(names::SURNAMES);
            let name = if ctx.chance(0.4) {
                format!("{first} {} {surname}", ctx.pick(names::SURNAMES))
            } else {
                format!("{first} {surname}")
            };
            let (ddd, city, _) = names::AREAS[ctx.pick_weighted(&weights)];
            let phone = loop {
                let candidate =
                    format!("+55{ddd}9{}{:07}", ctx.rng.random_range(6..=9), ctx.rng.random_range(0..10_000_000));
                if phones.insert(candidate.clone()) {
                    break candidate;
                }
            };
            let email = ctx.chance(0.55).then(|| {
                format!(
                    "{}.{}{}@{}",
                    names::ascii_lower(first),
                    names::ascii_lower(surname),
                    ctx.rng.random_range(1..100),
                    ctx.pick(names::EMAIL_DOMAINS)
                )
            });
            let document = ctx.chance(0.4).then(|| cpf(ctx));
            let blacklisted = ctx.chance(0.02);
            let created_at = window_start - Duration::days(1) - ctx.seconds(0, 86_400 * 365);
            let blacklisted_at = blacklisted.then(|| ctx.random_time_before(Duration::hours(1)));
            rows.push(customer::ActiveModel {
                name: Set(name),
                phone: Set(phone.clone()),
                email: Set(email),
                document: Set(document),
                blacklisted: Set(blacklisted),
                blacklisted_at: Set(blacklisted_at),
                created_at: Set(created_at),
                updated_at: Set(blacklisted_at.unwrap_or(created_at)),
                ..Default::default()
            });
            chunk.push(Customer {
                id: 0,
                first_name: first.to_owned(),
                city,
                home_instance: ctx.pick_weighted(&instance_weights),
                blacklisted,
            });
            chunk_phones.push(phone);
        }
        insert_batched(db, rows, None).await?;
        let ids: HashMap<String, i32> = customer::Entity::find()
            .select_only()
            .columns([customer::Column::Phone, customer::Column::Id])
            .filter(customer::Column::Phone.is_in(chunk_phones.clone()))
            .into_tuple::<(String, i32)>()
            .all(db)
            .await?
            .into_iter()
            .collect();
        for (mut person, phone) in chunk.into_iter().zip(chunk_phones) {
            if let Some(id) = ids.get(&phone) {
                person.id = *id;
                customers.push(person);
            }
        }
    }

    let groups = seed_groups(db, ctx, &customers).await?;
    Ok(People { customers, groups })
}

/// Creates the groups (reusing same-named ones) and puts a share of the customers in each.
async fn seed_groups<C: ConnectionTrait>(
    db: &C,
    ctx: &mut Ctx,
    customers: &[Customer],
) -> Result<BTreeMap<&'static str, Vec<usize>>, DbErr> {
    let now = ctx.now;
    let rows = GROUPS.iter().map(|(name, _)| customer_group::ActiveModel {
        name: Set((*name).to_owned()),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    });
    customer_group::Entity::insert_many(rows)
        .on_conflict(OnConflict::column(customer_group::Column::Name).do_nothing().to_owned())
        .exec_without_returning(db)
        .await?;
    let ids: HashMap<String, i32> = customer_group::Entity::find()
        .select_only()
        .columns([customer_group::Column::Name, customer_group::Column::Id])
        .filter(customer_group::Column::Name.is_in(GROUPS.iter().map(|(name, _)| *name)))
        .into_tuple::<(String, i32)>()
        .all(db)
        .await?
        .into_iter()
        .collect();

    let mut groups = BTreeMap::new();
    let mut members = Vec::new();
    for (name, share) in GROUPS {
        let Some(group_id) = ids.get(*name) else {
            continue;
        };
        let mut chosen: Vec<usize> = (0..customers.len()).filter(|_| ctx.chance(*share)).collect();
        if chosen.is_empty() && !customers.is_empty() {
            chosen.push(ctx.rng_index(customers.len()));
        }
        members.extend(chosen.iter().map(|index| customer_group_member::ActiveModel {
            group_id: Set(*group_id),
            customer_id: Set(customers[*index].id),
            created_at: Set(now),
            updated_at: Set(now),
            ..Default::default()
        }));
        groups.insert(*name, chosen);
    }
    insert_batched(
        db,
        members,
        Some(
            OnConflict::columns([customer_group_member::Column::GroupId, customer_group_member::Column::CustomerId])
                .do_nothing()
                .to_owned(),
        ),
    )
    .await?;
    Ok(groups)
}

/// A CPF with valid check digits (11 digits, unformatted).
fn cpf(ctx: &mut Ctx) -> String {
    let mut digits: Vec<u32> = (0..9).map(|_| ctx.rng.random_range(0..10)).collect();
    for length in [9usize, 10] {
        let sum: u32 = digits.iter().enumerate().map(|(index, digit)| digit * (length as u32 + 1 - index as u32)).sum();
        digits.push(sum * 10 % 11 % 10);
    }
    digits.iter().map(|d| char::from(b'0' + *d as u8)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn generated_cpfs_have_valid_check_digits() {
        let now = chrono::Utc::now();
        let mut ctx = Ctx {
            rng: rand::rngs::StdRng::seed_from_u64(3),
            now,
            first_day: super::super::local_day(now),
            today: super::super::local_day(now),
        };
        for _ in 0..100 {
            let value = cpf(&mut ctx);
            let d: Vec<u32> = value.chars().filter_map(|c| c.to_digit(10)).collect();
            assert_eq!(d.len(), 11);
            let first: u32 = (0..9).map(|i| d[i] * (10 - i as u32)).sum::<u32>() * 10 % 11 % 10;
            let second: u32 = (0..10).map(|i| d[i] * (11 - i as u32)).sum::<u32>() * 10 % 11 % 10;
            assert_eq!((d[9], d[10]), (first, second), "{value}");
        }
        // A known valid CPF computes the same way.
        let known = [5u32, 2, 9, 9, 8, 2, 2, 4, 7];
        let first: u32 = (0..9).map(|i| known[i] * (10 - i as u32)).sum::<u32>() * 10 % 11 % 10;
        assert_eq!(first, 2);
    }
}
