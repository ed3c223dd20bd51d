/** pt_BR texts (the default language). The other languages must have the same keys. */
export const ptBR = {
  nav: {
    categories: {
      geral: 'Geral',
      administracao: 'Administração',
      dashboards: 'Dashboards',
      relatorios: 'Relatórios',
    },
    routes: {
      home: 'Início',
      'user-settings': 'Configurações do usuário',
      'quick-replies': 'Respostas rápidas',
      'scheduled-messages': 'Agendamentos',
      kanban: 'Kanban',
      search: 'Buscar mensagens',
      'two-factor': 'Autenticação em dois fatores',
      users: 'Usuários',
      distribution: 'Distribuição',
      'service-levels': 'Níveis de serviço',
      'api-tokens': 'Tokens de API',
      audit: 'Auditoria',
      tenants: 'Tenants',
      instances: 'Instâncias',
      chatbot: 'Chatbot',
      campaigns: 'Campanhas',
      webhooks: 'Webhooks',
      customers: 'Clientes',
      'closing-reasons': 'Motivos de encerramento',
      tags: 'Etiquetas',
      'roles-list': 'Perfis de acesso',
      'roles-edit': 'Editar perfil',
      'dashboard-analytics': 'Analytics',
      'dashboard-control-panel': 'Painel de controle',
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
    layout: 'Layout',
    layouts: { vertical: 'Vertical', horizontal: 'Horizontal' },
    language: 'Idioma',
    account: 'Conta',
    logout: 'Sair',
  },
};

export type Messages = typeof ptBR;

/**
 * The pt_BR label of a catalogue route (the route name itself when it has none): screen titles and
 * the document's title, which stay pt_BR whatever language the menus speak (lib/i18n.ts). Plain
 * data, no i18next: the root route reads it on /login too.
 */
export function ptBRRouteLabel(name: string): string {
  const labels: Record<string, string> = ptBR.nav.routes;
  return labels[name] ?? name;
}

/** The pt_BR label of a route category, else `fallback` (the catalogue's own label). */
export function ptBRCategoryLabel(id: string, fallback: string): string {
  const labels: Record<string, string> = ptBR.nav.categories;
  return labels[id] ?? fallback;
}
