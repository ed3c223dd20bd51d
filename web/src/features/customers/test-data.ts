/** Customers, groups, tags, a customer's detail and privacy as the server answers them (tests only). */
import type { Tag, TagRef } from '../../lib/tags';
import type { Customer, CustomerDetail, CustomerGroup, CustomerPage, CustomerPrivacy } from './api/schemas';

/** The tenant's tags (GET /api/tags), by name. */
export const TAGS: Tag[] = [
  { id: 2, name: 'Orçamento', color: '#fab005', boardPosition: null, createdAt: '', updatedAt: '' },
  { id: 3, name: 'Pós-venda', color: '#40c057', boardPosition: null, createdAt: '', updatedAt: '' },
  { id: 1, name: 'Urgente', color: '#fa5252', boardPosition: 0, createdAt: '', updatedAt: '' },
];

/** A tag as a customer carries it. */
export function tagRef(id: number): TagRef {
  const tag = TAGS.find((one) => one.id === id)!;
  return { id: tag.id, name: tag.name, color: tag.color };
}

export function customer(extra: Partial<Customer> = {}): Customer {
  return {
    id: 7,
    name: 'Carla Dias',
    phone: '+5511988887777',
    email: 'carla@email.example',
    blacklisted: false,
    createdAt: '2026-11-20T15:00:00Z',
    tags: [],
    ...extra,
  };
}

export const CUSTOMERS: Customer[] = [
  customer(),
  customer({ id: 6, name: 'Bruno Reis', phone: '+5521977776666', email: null }),
  customer({ id: 5, name: 'Ana Lima', phone: '+5531966665555', blacklisted: true }),
];

export function page(data: Customer[], nextCursor: string | null = null): CustomerPage {
  return { data, next_cursor: nextCursor };
}

export const GROUPS: CustomerGroup[] = [
  { id: 1, name: 'Atacado', members: 10 },
  { id: 2, name: 'Clientes VIP', members: 5 },
];

export function detail(extra: Partial<CustomerDetail> = {}): CustomerDetail {
  return {
    ...customer(),
    groups: [GROUPS[1]!],
    tickets: [
      {
        id: 42,
        protocol: '20261123K3F9QX',
        status: 'closed',
        instance: { id: 1, name: 'WhatsApp Vendas' },
        assignedUser: { id: 5, name: 'Ana Lima' },
        department: null,
        lastMessage: { body: 'Obrigado pelo contato!', at: '2026-11-23T13:06:10Z' },
        openedAt: '2026-11-23T13:05:00Z',
        closedAt: '2026-11-23T13:30:00Z',
      },
      {
        id: 43,
        protocol: '20261124ABCDEF',
        status: 'pending',
        instance: { id: 1, name: 'WhatsApp Vendas' },
        assignedUser: null,
        department: { id: 2, name: 'Financeiro' },
        lastMessage: null,
        openedAt: '2026-11-24T10:00:00Z',
        closedAt: null,
      },
    ],
    messagesWithoutTicket: [],
    identities: [{ kind: 'phone', value: '+5511988887777', createdAt: '2026-11-20T15:00:00Z' }],
    merges: [],
    ...extra,
  };
}

/** `GET /api/customers/7/privacy`: no hold, not erased, no consent (as a customer starts). */
export function privacy(extra: Partial<CustomerPrivacy> = {}): CustomerPrivacy {
  return { customerId: 7, legalHoldReason: null, legalHoldAt: null, erasedAt: null, consents: [], ...extra };
}
