import { useMutation } from '@tanstack/react-query';
import type {
  ComplaintCreated,
  ComplaintInput,
  ComplaintStatusQuery,
  ComplaintStatusResponse,
} from '../../../shared/api/complaints';
import { apiRequest } from '../../api/client';

// Decision 0061: a complaint from the Contact page, and where one stands by its ticket.

export function useSendComplaint() {
  return useMutation({
    mutationFn: (complaint: ComplaintInput) =>
      apiRequest<ComplaintCreated>('/complaints', { method: 'POST', body: complaint }),
  });
}

export function useComplaintStatus() {
  return useMutation({
    mutationFn: (query: ComplaintStatusQuery) =>
      apiRequest<ComplaintStatusResponse>('/complaints/status', { method: 'POST', body: query }),
  });
}
