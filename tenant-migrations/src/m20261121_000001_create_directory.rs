//! The tenant's directory: roles and route permissions, departments, closing reasons, instances,
//! users with their instance links and settings.

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::{
    big_integer_null, boolean, integer, integer_null, pk_auto, string, string_null, string_uniq,
};

use crate::support::{create, drop_tables, fk, index, now_default, tz_null, with_timestamps};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
pub(crate) enum Roles {
    Table,
    Id,
    Name,
    DisplayName,
}

#[derive(DeriveIden)]
pub(crate) enum Permissions {
    Table,
    Id,
    RouteName,
    Category,
}

#[derive(DeriveIden)]
pub(crate) enum RolePermissions {
    Table,
    Id,
    RoleId,
    PermissionId,
}

#[derive(DeriveIden)]
pub(crate) enum Departments {
    Table,
    Id,
    Name,
    Activated,
}

#[derive(DeriveIden)]
pub(crate) enum ClosingReasons {
    Table,
    Id,
    Name,
    Activated,
}

#[derive(DeriveIden)]
pub(crate) enum Instances {
    Table,
    Id,
    Name,
    Activated,
    IsOfficial,
    IsUnlimited,
    Status,
    ProviderBaseUrl,
    ProviderSecret,
    LastSyncAt,
}

#[derive(DeriveIden)]
pub(crate) enum Users {
    Table,
    Id,
    Name,
    Username,
    Email,
    Image,
    PasswordHash,
    RoleId,
    DepartmentId,
    IsConnected,
    IsFunctional,
    BlockedAt,
    FailedLogins,
    ValidAfter,
    LastLoginAt,
    DeletedAt,
}

#[derive(DeriveIden)]
pub(crate) enum UserInstances {
    Table,
    Id,
    UserId,
    InstanceId,
}

#[derive(DeriveIden)]
pub(crate) enum UserSettings {
    Table,
    Id,
    UserId,
    TwoFactorEnabled,
    TwoFactorSecret,
    TwoFactorConfirmedAt,
    TwoFactorLastStep,
    Theme,
    Locale,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let backend = manager.get_database_backend();
        manager
            .create_table(with_timestamps(
                backend,
                create(Roles::Table)
                    .col(pk_auto(Roles::Id))
                    .col(string_uniq(Roles::Name))
                    .col(string(Roles::DisplayName))
                    .take(),
            ))
            .await?;

        manager
            .create_table(with_timestamps(
                backend,
                create(Permissions::Table)
                    .col(pk_auto(Permissions::Id))
                    .col(string_uniq(Permissions::RouteName))
                    .col(string(Permissions::Category))
                    .take(),
            ))
            .await?;

        manager
            .create_table(with_timestamps(
                backend,
                create(RolePermissions::Table)
                    .col(pk_auto(RolePermissions::Id))
                    .col(integer(RolePermissions::RoleId))
                    .col(integer(RolePermissions::PermissionId))
                    .foreign_key(&mut fk(
                        RolePermissions::Table,
                        RolePermissions::RoleId,
                        Roles::Table,
                        Roles::Id,
                        ForeignKeyAction::Cascade,
                    ))
                    .foreign_key(&mut fk(
                        RolePermissions::Table,
                        RolePermissions::PermissionId,
                        Permissions::Table,
                        Permissions::Id,
                        ForeignKeyAction::Cascade,
                    ))
                    .take(),
            ))
            .await?;
        manager
            .create_index(index(
                "ux_role_permissions_role_permission",
                RolePermissions::Table,
                [RolePermissions::RoleId, RolePermissions::PermissionId],
                true,
            ))
            .await?;
        manager
            .create_index(index(
                "ix_role_permissions_permission_id",
                RolePermissions::Table,
                [RolePermissions::PermissionId],
                false,
            ))
            .await?;

        manager
            .create_table(with_timestamps(
                backend,
                create(Departments::Table)
                    .col(pk_auto(Departments::Id))
                    .col(string_uniq(Departments::Name))
                    .col(boolean(Departments::Activated).default(true))
                    .take(),
            ))
            .await?;

        manager
            .create_table(with_timestamps(
                backend,
                create(ClosingReasons::Table)
                    .col(pk_auto(ClosingReasons::Id))
                    .col(string_uniq(ClosingReasons::Name))
                    .col(boolean(ClosingReasons::Activated).default(true))
                    .take(),
            ))
            .await?;

        manager
            .create_table(with_timestamps(
                backend,
                create(Instances::Table)
                    .col(pk_auto(Instances::Id))
                    .col(string_uniq(Instances::Name))
                    .col(boolean(Instances::Activated).default(true))
                    .col(boolean(Instances::IsOfficial).default(false))
                    .col(boolean(Instances::IsUnlimited).default(false))
                    .col(string(Instances::Status).default("disconnected"))
                    .col(string_null(Instances::ProviderBaseUrl))
                    .col(string_null(Instances::ProviderSecret))
                    .col(tz_null(Instances::LastSyncAt))
                    .take(),
            ))
            .await?;

        manager
            .create_table(with_timestamps(
                backend,
                create(Users::Table)
                    .col(pk_auto(Users::Id))
                    .col(string(Users::Name))
                    .col(string_uniq(Users::Username))
                    .col(string_uniq(Users::Email))
                    .col(string_null(Users::Image))
                    .col(string(Users::PasswordHash))
                    .col(integer(Users::RoleId))
                    .col(integer_null(Users::DepartmentId))
                    .col(boolean(Users::IsConnected).default(false))
                    .col(boolean(Users::IsFunctional).default(false))
                    .col(tz_null(Users::BlockedAt))
                    .col(integer(Users::FailedLogins).default(0))
                    .col(now_default(backend, Users::ValidAfter))
                    .col(tz_null(Users::LastLoginAt))
                    .col(tz_null(Users::DeletedAt))
                    .foreign_key(&mut fk(
                        Users::Table,
                        Users::RoleId,
                        Roles::Table,
                        Roles::Id,
                        ForeignKeyAction::Restrict,
                    ))
                    .foreign_key(&mut fk(
                        Users::Table,
                        Users::DepartmentId,
                        Departments::Table,
                        Departments::Id,
                        ForeignKeyAction::SetNull,
                    ))
                    .take(),
            ))
            .await?;
        manager.create_index(index("ix_users_role_id", Users::Table, [Users::RoleId], false)).await?;
        manager.create_index(index("ix_users_department_id", Users::Table, [Users::DepartmentId], false)).await?;

        manager
            .create_table(with_timestamps(
                backend,
                create(UserInstances::Table)
                    .col(pk_auto(UserInstances::Id))
                    .col(integer(UserInstances::UserId))
                    .col(integer(UserInstances::InstanceId))
                    .foreign_key(&mut fk(
                        UserInstances::Table,
                        UserInstances::UserId,
                        Users::Table,
                        Users::Id,
                        ForeignKeyAction::Cascade,
                    ))
                    .foreign_key(&mut fk(
                        UserInstances::Table,
                        UserInstances::InstanceId,
                        Instances::Table,
                        Instances::Id,
                        ForeignKeyAction::Cascade,
                    ))
                    .take(),
            ))
            .await?;
        manager
            .create_index(index(
                "ux_user_instances_user_instance",
                UserInstances::Table,
                [UserInstances::UserId, UserInstances::InstanceId],
                true,
            ))
            .await?;
        manager
            .create_index(index(
                "ix_user_instances_instance_id",
                UserInstances::Table,
                [UserInstances::InstanceId],
                false,
            ))
            .await?;

        manager
            .create_table(with_timestamps(
                backend,
                create(UserSettings::Table)
                    .col(pk_auto(UserSettings::Id))
                    .col(integer(UserSettings::UserId).unique_key())
                    .col(boolean(UserSettings::TwoFactorEnabled).default(false))
                    .col(string_null(UserSettings::TwoFactorSecret))
                    .col(tz_null(UserSettings::TwoFactorConfirmedAt))
                    .col(big_integer_null(UserSettings::TwoFactorLastStep))
                    .col(string(UserSettings::Theme).default("light"))
                    .col(string(UserSettings::Locale).default("pt_BR"))
                    .foreign_key(&mut fk(
                        UserSettings::Table,
                        UserSettings::UserId,
                        Users::Table,
                        Users::Id,
                        ForeignKeyAction::Cascade,
                    ))
                    .take(),
            ))
            .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        drop_tables(
            manager,
            vec![
                UserSettings::Table.into_iden(),
                UserInstances::Table.into_iden(),
                Users::Table.into_iden(),
                Instances::Table.into_iden(),
                ClosingReasons::Table.into_iden(),
                Departments::Table.into_iden(),
                RolePermissions::Table.into_iden(),
                Permissions::Table.into_iden(),
                Roles::Table.into_iden(),
            ],
        )
        .await
    }
}
