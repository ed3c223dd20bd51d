/** pt (European Portuguese) texts. */
import type { Messages } from './pt-BR';

export const pt: Messages = {
  nav: {
    categories: {
      geral: 'Geral',
      administracao: 'Administração',
      dashboards: 'Painéis',
      relatorios: 'Relatórios',
    },
    routes: {
      home: 'Início',
      'user-settings': 'Definições do utilizador',
      'quick-replies': 'Respostas rápidas',
      'scheduled-messages': 'Agendamentos',
      'two-factor': 'Autenticação de dois fatores',
      users: 'Utilizadores',
      tenants: 'Tenants',
      instances: 'Instâncias',
      chatbot: 'Chatbot',
      campaigns: 'Campanhas',
      webhooks: 'Webhooks',
      customers: 'Clientes',
      'closing-reasons': 'Motivos de encerramento',
      'roles-list': 'Perfis de acesso',
      'roles-edit': 'Editar perfil',
      'dashboard-analytics': 'Analítica',
      'dashboard-control-panel': 'Painel de controlo',
      'dashboard-maria-panel': 'Painel Maria',
      'dashboard-produtivity-report': 'Relatório de produtividade',
      'dashboard-report': 'Relatórios',
      'dashboard-report-smart': 'Relatórios inteligentes',
    },
  },
  header: {
    openMenu: 'Abrir menu',
    expandSidebar: 'Expandir menu lateral',
    collapseSidebar: 'Recolher menu lateral',
    theme: 'Tema',
    themes: { light: 'Claro', dark: 'Escuro', 'semi-dark': 'Semiescuro' },
    layout: 'Disposição',
    layouts: { vertical: 'Vertical', horizontal: 'Horizontal' },
    language: 'Idioma',
    account: 'Conta',
    logout: 'Terminar sessão',
  },
};
