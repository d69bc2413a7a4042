"""Every role's ``tools/list`` entries, generated from the tool registry by ``chibench tools reference``.

Do not edit by hand. A world server lists its tools from here while the world (SQLAlchemy, models,
services, bindings) is still loading; ``chibench tools reference --check`` fails when this file is
stale, and the server switches to the live registry if it ever differs.
"""

CATALOG_JSON = r'''{
 "provider": [
  {
   "name": "auth_check_status",
   "description": "Poll the payer's handling of a case (no side effects: nothing is stamped read). Returns {case_id, status, submission_channel, submitted_at, authorization_number, auth_valid_from, auth_valid_to, outcome_reason, pend_due_at, closed_reason, latest_submission (with payer_reply, payer_reply_detail), messages (full bodies, newest first, with unread), letters, p2p_requests, unreadable_fax_pages, next_actions}. Sections that do not fit the 10,000-character result budget are cut and listed under `more`, with where to read the rest.",
   "inputSchema": {
    "additionalProperties": false,
    "properties": {
     "acting_as": {
      "description": "Your worker id",
      "type": "string"
     },
     "case_id": {
      "description": "PA case id, e.g. CASE-0001",
      "type": "string"
     }
    },
    "required": [
     "acting_as",
     "case_id"
    ],
    "type": "object"
   },
   "outputSchema": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "title": "AuthCheckStatusResult",
    "type": "object",
    "required": [
     "case_id",
     "status",
     "submission_channel",
     "submitted_at",
     "authorization_number",
     "auth_valid_from",
     "auth_valid_to",
     "outcome_reason",
     "pend_due_at",
     "closed_reason",
     "latest_submission",
     "messages",
     "letters",
     "p2p_requests",
     "unreadable_fax_pages",
     "next_actions"
    ]
   },
   "readOnlyHint": true
  },
  {
   "name": "auth_file_appeal",
   "description": "File an internal appeal of the case's active adverse determination (denied or partially approved → appealed), within the appeal window of the plan's line of business. Filed by staff of the requesting clinician's office. An independent appeals medical director decides it on the simulated clock within 30 days (the clock advances to the decision) and the decision notice arrives on the request's channel. Returns the appeal {id, level internal, status upheld | overturned, filed_at, deadline_at, decision_due_at, decided_at, outcome_rationale, document_ids (payer copies), decision {outcome, letter_id, channel, case_status, authorization_number if overturned}}.",
   "inputSchema": {
    "additionalProperties": false,
    "properties": {
     "acting_as": {
      "description": "Your worker id",
      "type": "string"
     },
     "case_id": {
      "description": "PA case id, e.g. CASE-0001",
      "type": "string"
     },
     "rationale": {
      "description": "Grounds of the appeal, in your words",
      "maxLength": 20000,
      "type": "string"
     },
     "document_ids": {
      "items": {
       "type": "string"
      },
      "maxItems": 50,
      "type": [
       "array",
       "null"
      ],
      "description": "Provider documents of the patient sent with the appeal (copied to the payer)"
     }
    },
    "required": [
     "acting_as",
     "case_id",
     "rationale"
    ],
    "type": "object"
   },
   "outputSchema": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "title": "AuthFileAppealResult",
    "type": "object",
    "required": [
     "id",
     "case_id",
     "level",
     "status",
     "filed_by",
     "filed_at",
     "deadline_at",
     "decision_due_at",
     "rationale",
     "document_ids",
     "external_org",
     "outcome_rationale",
     "decided_at"
    ]
   },
   "readOnlyHint": false
  },
  {
   "name": "auth_file_external_appeal",
   "description": "Request external (independent review organization) review after an upheld internal appeal (appeal_upheld → external_appealed), within 4 months of the internal decision. The independent review organization decides on the simulated clock within 45 days and its binding decision notice arrives on the request's channel. Returns the appeal {id, level external, status upheld | overturned, deadline_at, decision_due_at, decided_at, external_org, document_ids (payer copies), decision {outcome, letter_id, channel, case_status, authorization_number if overturned}}.",
   "inputSchema": {
    "additionalProperties": false,
    "properties": {
     "acting_as": {
      "description": "Your worker id",
      "type": "string"
     },
     "case_id": {
      "description": "PA case id, e.g. CASE-0001",
      "type": "string"
     },
     "rationale": {
      "description": "Grounds for external review, in your words",
      "maxLength": 20000,
      "type": "string"
     },
     "document_ids": {
      "items": {
       "type": "string"
      },
      "maxItems": 50,
      "type": [
       "array",
       "null"
      ],
      "description": "Provider documents of the patient sent with the request (copied to the payer)"
     }
    },
    "required": [
     "acting_as",
     "case_id",
     "rationale"
    ],
    "type": "object"
   },
   "outputSchema": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "title": "AuthFileExternalAppealResult",
    "type": "object",
    "required": [
     "id",
     "case_id",
     "level",
     "status",
     "filed_by",
     "filed_at",
     "deadline_at",
     "decision_due_at",
     "rationale",
     "document_ids",
     "external_org",
     "outcome_rationale",
     "decided_at"
    ]
   },
   "readOnlyHint": false
  },
  {
   "name": "auth_finalize_provider_determination",
   "description": "Record the pre-submission disposition after the requirement check: submit_pa → ready_to_submit, gather_more_evidence → docs_needed, do_not_submit → closed, with one finding per required document kind citing documents of that kind. Allowed from requirement_checked, docs_needed or ready_to_submit (state machine permitting). Returns {provider_determination, case (cases_get_case's default view, fitted to the result budget: cut sections under `more`)}.",
   "inputSchema": {
    "$defs": {
     "DocumentFinding": {
      "additionalProperties": false,
      "properties": {
       "kind": {
        "description": "A required document kind from the case's requirement check",
        "type": "string"
       },
       "status": {
        "enum": [
         "present_sufficient",
         "present_insufficient",
         "absent"
        ],
        "type": "string",
        "description": "Your classification of that kind in the packet"
       },
       "document_ids": {
        "description": "Documents of that kind you rely on (≥1 unless absent; none if absent)",
        "items": {
         "type": "string"
        },
        "maxItems": 50,
        "type": "array"
       },
       "note": {
        "maxLength": 2000,
        "type": [
         "string",
         "null"
        ],
        "description": "Defect and cure (required unless present_sufficient)"
       }
      },
      "required": [
       "kind",
       "status"
      ],
      "type": "object"
     }
    },
    "additionalProperties": false,
    "properties": {
     "acting_as": {
      "description": "Your worker id",
      "type": "string"
     },
     "case_id": {
      "description": "PA case id, e.g. CASE-0001",
      "type": "string"
     },
     "final_action": {
      "enum": [
       "submit_pa",
       "gather_more_evidence",
       "do_not_submit"
      ],
      "type": "string",
      "description": "submit_pa → ready_to_submit; gather_more_evidence → docs_needed; do_not_submit → closed"
     },
     "document_findings": {
      "description": "Exactly one finding per document kind the requirement check lists (empty when it lists none)",
      "items": {
       "$ref": "#/$defs/DocumentFinding"
      },
      "maxItems": 30,
      "type": "array"
     },
     "rationale": {
      "description": "Why this disposition (becomes the closing reason for do_not_submit)",
      "maxLength": 5000,
      "type": "string"
     },
     "clinician_request": {
      "maxLength": 5000,
      "type": [
       "string",
       "null"
      ],
      "description": "What the ordering clinician must write or do (required for gather_more_evidence)"
     }
    },
    "required": [
     "acting_as",
     "case_id",
     "final_action",
     "document_findings",
     "rationale"
    ],
    "type": "object"
   },
   "outputSchema": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "title": "AuthFinalizeProviderDeterminationResult",
    "type": "object",
    "required": [
     "provider_determination",
     "case"
    ]
   },
   "readOnlyHint": false
  },
  {
   "name": "auth_request_peer_to_peer",
   "description": "Always refused and writes nothing: in this world a peer-to-peer is initiated by the payer's medical director. The error lists the case's open invitations (details.open_invitations); answer one with auth_respond_to_peer_to_peer.",
   "inputSchema": {
    "additionalProperties": false,
    "properties": {
     "acting_as": {
      "description": "Your worker id",
      "type": "string"
     },
     "case_id": {
      "description": "PA case id, e.g. CASE-0001",
      "type": "string"
     },
     "note": {
      "maxLength": 2000,
      "type": [
       "string",
       "null"
      ],
      "description": "Why a discussion is wanted"
     }
    },
    "required": [
     "acting_as",
     "case_id"
    ],
    "type": "object"
   },
   "outputSchema": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "title": "AuthRequestPeerToPeerResult",
    "type": "object"
   },
   "readOnlyHint": true
  },
  {
   "name": "auth_respond_to_peer_to_peer",
   "description": "Accept a payer peer-to-peer invitation by choosing one of its offered slots (request slots_offered → slot_selected); the payer receives a message with the slot and your note. Returns the request {id, case_id, status, offered_slots, selected_slot, …}.",
   "inputSchema": {
    "additionalProperties": false,
    "properties": {
     "acting_as": {
      "description": "Your worker id",
      "type": "string"
     },
     "case_id": {
      "description": "PA case id, e.g. CASE-0001",
      "type": "string"
     },
     "request_id": {
      "description": "Peer-to-peer request id, e.g. P2P-0001",
      "type": "string"
     },
     "selected_slot": {
      "description": "One offered slot exactly as offered, ISO-8601 with zone, e.g. 2026-10-06T15:00:00Z; must still be in the future",
      "minLength": 10,
      "type": "string"
     },
     "note": {
      "maxLength": 2000,
      "type": [
       "string",
       "null"
      ],
      "description": "Message to the payer, e.g. the clinician's callback number"
     }
    },
    "required": [
     "acting_as",
     "case_id",
     "request_id",
     "selected_slot"
    ],
    "type": "object"
   },
   "outputSchema": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "title": "AuthRespondToPeerToPeerResult",
    "type": "object",
    "required": [
     "id",
     "case_id",
     "status",
     "reason",
     "scheduled_at",
     "payer_reviewer_id",
     "provider_worker_id",
     "outcome",
     "offered_slots",
     "selected_slot",
     "outcome_note",
     "created_at",
     "due_at"
    ]
   },
   "readOnlyHint": false
  },
  {
   "name": "auth_respond_to_pend",
   "description": "Answer a pend (pended_action_required → resubmitted) with a new packet; the payer then re-adjudicates everything it holds for the case. Two forms: (1) a response with `note` and documents on `channel` (that channel's rules apply, e.g. a portal response needs the complete questionnaire); (2) `resend_fax_page_ids` only: a fax packet carrying just those pages that arrived unreadable and were not re-sent yet (a re-sent page can itself arrive unreadable). Returns {case_id, status, packet, payer_reply, warnings}.",
   "inputSchema": {
    "additionalProperties": false,
    "properties": {
     "acting_as": {
      "description": "Your worker id",
      "type": "string"
     },
     "case_id": {
      "description": "PA case id, e.g. CASE-0001",
      "type": "string"
     },
     "note": {
      "maxLength": 2000,
      "type": [
       "string",
       "null"
      ],
      "description": "Cover note answering the pend (required unless resend_fax_page_ids)"
     },
     "document_ids": {
      "items": {
       "type": "string"
      },
      "maxItems": 50,
      "type": [
       "array",
       "null"
      ],
      "description": "Documents sent with the response (provider documents of the patient or case; not bundles)"
     },
     "questionnaire_answers": {
      "anyOf": [
       {
        "additionalProperties": {
         "anyOf": [
          {
           "type": "string"
          },
          {
           "type": "integer"
          },
          {
           "type": "number"
          },
          {
           "type": "boolean"
          }
         ]
        },
        "maxProperties": 100,
        "type": "object"
       },
       {
        "type": "null"
       }
      ],
      "description": "Structured answers (default: the case's saved form response)"
     },
     "channel": {
      "enum": [
       "portal",
       "fax",
       "edi_278",
       "api",
       null
      ],
      "type": [
       "string",
       "null"
      ],
      "description": "Submission channel (default: the previous packet's)"
     },
     "resend_fax_page_ids": {
      "items": {
       "type": "string"
      },
      "maxItems": 200,
      "minItems": 1,
      "type": [
       "array",
       "null"
      ],
      "description": "Instead of a document response: re-send these unreadable fax pages (ids SUB-…-PGnnn from the pend / unreadable_fax_pages); cannot be combined with the other response fields"
     }
    },
    "required": [
     "acting_as",
     "case_id"
    ],
    "type": "object"
   },
   "outputSchema": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "title": "AuthRespondToPendResult",
    "type": "object",
    "required": [
     "case_id",
     "status",
     "packet",
     "payer_reply",
     "warnings"
    ]
   },
   "readOnlyHint": false
  },
  {
   "name": "auth_submit_authorization",
   "description": "Submit the case's bundle (and every document it lists) to the payer on a channel: ready_to_submit → submitted, or pended_action_required → resubmitted. A channel refusal (channel_rejected, with details.problems / details.reject_codes) writes nothing. Accepted packets get payer-side copies (fax: pages). Returns {case_id, status, packet, payer_reply, warnings}: payer_reply is the payer's immediate reply {outcome, basis, reasons, missing_kinds, insufficient_kinds, message_id, …} or {outcome: queued, intake_id} when a payer worker will handle it; then poll with auth_check_status.",
   "inputSchema": {
    "additionalProperties": false,
    "properties": {
     "acting_as": {
      "description": "Your worker id",
      "type": "string"
     },
     "case_id": {
      "description": "PA case id, e.g. CASE-0001",
      "type": "string"
     },
     "channel": {
      "enum": [
       "portal",
       "fax",
       "edi_278",
       "api"
      ],
      "type": "string",
      "description": "portal and api need the complete questionnaire; edi_278 carries codes only (X12 reject codes on errors); fax sends pages"
     },
     "bundle_document_id": {
      "description": "The case's submission_bundle document to send",
      "type": "string"
     },
     "questionnaire_answers": {
      "anyOf": [
       {
        "additionalProperties": {
         "anyOf": [
          {
           "type": "string"
          },
          {
           "type": "integer"
          },
          {
           "type": "number"
          },
          {
           "type": "boolean"
          }
         ]
        },
        "maxProperties": 100,
        "type": "object"
       },
       {
        "type": "null"
       }
      ],
      "description": "Structured answers (default: the case's saved form response; edi_278 carries none)"
     },
     "note": {
      "maxLength": 2000,
      "type": [
       "string",
       "null"
      ],
      "description": "Cover note to the payer"
     }
    },
    "required": [
     "acting_as",
     "case_id",
     "channel",
     "bundle_document_id"
    ],
    "type": "object"
   },
   "outputSchema": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "title": "AuthSubmitAuthorizationResult",
    "type": "object",
    "required": [
     "case_id",
     "status",
     "packet",
     "payer_reply",
     "warnings"
    ]
   },
   "readOnlyHint": false
  },
  {
   "name": "cases_create_from_order",
   "description": "Open a PA case from an active order and record the plan's PA requirement check on it (draft → requirement_checked). The case copies the order's lines, diagnoses, priority, place of service and requested date; coverage is resolved on the order date. One open case per order: if the order's open case is still a draft (its check did not complete), this runs the check on that case instead. Returns `requirement_check` — only what the plan publishes: {pa_required, notification_only, covered_benefit, coverage_active, in_network, date_of_service, reason, required_document_kinds, questionnaire_form_id, policy_reference} — plus the case in cases_get_case's shape.",
   "inputSchema": {
    "additionalProperties": false,
    "properties": {
     "acting_as": {
      "description": "Your worker id",
      "type": "string"
     },
     "order_id": {
      "description": "Active service-request order id from list_candidate_orders, e.g. SR-CEM-001",
      "type": "string"
     }
    },
    "required": [
     "acting_as",
     "order_id"
    ],
    "type": "object"
   },
   "outputSchema": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "title": "CasesCreateFromOrderResult",
    "type": "object",
    "required": [
     "case",
     "ordering_org",
     "order",
     "patient",
     "coverage",
     "requesting_provider",
     "lines",
     "requirement_checks",
     "provider_determinations",
     "form_responses",
     "submissions",
     "unreadable_fax_pages",
     "letters",
     "p2p_requests",
     "appeals",
     "status_history",
     "next_actions",
     "requirement_check",
     "case_documents",
     "messages"
    ]
   },
   "readOnlyHint": false
  },
  {
   "name": "cases_get_case",
   "description": "One PA case with every artifact you can see: case (status, urgency, dates, authorization), ordering_org, order, patient, coverage (active on the requested date), requesting_provider, lines, requirement_checks, provider_determinations, form_responses, case_documents (uploads and bundles), submissions (with the payer's reply), unreadable_fax_pages, messages (summaries), letters, p2p_requests, appeals, status_history and next_actions [{tool, action, to_status, hint}] — the moves the case's state machine allows now. Lists cut to fit 10,000 chars are named under `more` with next_offset; read one with section=<name> and offset/limit.",
   "inputSchema": {
    "additionalProperties": false,
    "properties": {
     "acting_as": {
      "description": "Your worker id",
      "type": "string"
     },
     "case_id": {
      "description": "PA case id, e.g. CASE-0001",
      "type": "string"
     },
     "section": {
      "enum": [
       "lines",
       "requirement_checks",
       "provider_determinations",
       "form_responses",
       "case_documents",
       "submissions",
       "unreadable_fax_pages",
       "messages",
       "letters",
       "p2p_requests",
       "appeals",
       "status_history",
       null
      ],
      "type": [
       "string",
       "null"
      ],
      "description": "Only this section of the case, paged (default: the whole case, cut lists under `more`)"
     },
     "offset": {
      "default": 0,
      "description": "Skip this many: next_offset of the last page",
      "maximum": 100000,
      "minimum": 0,
      "type": "integer"
     },
     "limit": {
      "default": 20,
      "description": "Page size",
      "maximum": 100,
      "minimum": 1,
      "type": "integer"
     }
    },
    "required": [
     "acting_as",
     "case_id"
    ],
    "type": "object"
   },
   "outputSchema": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "title": "CasesGetCaseResult",
    "type": "object",
    "required": [
     "case",
     "ordering_org",
     "order",
     "patient",
     "coverage",
     "requesting_provider",
     "lines",
     "requirement_checks",
     "provider_determinations",
     "form_responses",
     "submissions",
     "unreadable_fax_pages",
     "letters",
     "p2p_requests",
     "appeals",
     "status_history",
     "next_actions",
     "case_documents",
     "messages"
    ]
   },
   "readOnlyHint": true
  },
  {
   "name": "cases_list_cases",
   "description": "Your organization's PA cases as summaries, expedited before standard, then oldest first: {case_id, status, urgency, patient {id, name}, member_id, plan_id, codes, site_of_service, requested_start, created_at, updated_at, pend_due_at, authorization_number}. Closed cases are left out unless include_closed or status='closed'. Paged: pass next_offset back as offset (null = last page); total counts all.",
   "inputSchema": {
    "additionalProperties": false,
    "properties": {
     "acting_as": {
      "description": "Your worker id",
      "type": "string"
     },
     "limit": {
      "default": 20,
      "description": "Page size",
      "maximum": 100,
      "minimum": 1,
      "type": "integer"
     },
     "offset": {
      "default": 0,
      "description": "Skip this many: next_offset of the last page",
      "maximum": 100000,
      "minimum": 0,
      "type": "integer"
     },
     "status": {
      "enum": [
       "draft",
       "requirement_checked",
       "docs_needed",
       "ready_to_submit",
       "submitted",
       "pended_action_required",
       "under_review",
       "approved",
       "partially_approved",
       "denied",
       "resubmitted",
       "appealed",
       "appeal_upheld",
       "appeal_overturned",
       "external_appealed",
       "external_appeal_upheld",
       "external_appeal_overturned",
       "closed",
       null
      ],
      "type": [
       "string",
       "null"
      ],
      "description": "Only cases in this status (default: every status but closed)"
     },
     "include_closed": {
      "default": false,
      "description": "Also list closed cases",
      "type": "boolean"
     }
    },
    "required": [
     "acting_as"
    ],
    "type": "object"
   },
   "outputSchema": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "title": "CasesListCasesResult",
    "type": "object",
    "required": [
     "total",
     "offset",
     "limit",
     "next_offset",
     "cases"
    ]
   },
   "readOnlyHint": true
  },
  {
   "name": "chart_get_patient_chart",
   "description": "The patient's chart as your organization holds it, lists newest first: patient (demographics, age, PCP), coverages (plan, line of business, active today), conditions (ICD-10-CM), encounters, observations (LOINC, value + UCUM unit), medications, procedures, allergies, documents (index only, no bodies: read one with docs_get_document) and prior_pa_cases. Observations: the latest `observations_per_code` values per code (optionally within a date window / code list); `observations_meta.codes` gives each code's count and dates. Lists cut to fit 10,000 chars are named under `more` with next_offset; read one with section=<name> and offset/limit.",
   "inputSchema": {
    "additionalProperties": false,
    "properties": {
     "acting_as": {
      "description": "Your worker id",
      "type": "string"
     },
     "patient_id": {
      "description": "Patient id, e.g. PAT-CEM",
      "type": "string"
     },
     "observations_per_code": {
      "default": 3,
      "description": "Latest values returned per LOINC code (1–100)",
      "maximum": 100,
      "minimum": 1,
      "type": "integer"
     },
     "observations_since": {
      "pattern": "^\\d{4}-\\d{2}-\\d{2}$",
      "type": [
       "string",
       "null"
      ],
      "description": "Only observations on or after this date (YYYY-MM-DD)"
     },
     "observations_until": {
      "pattern": "^\\d{4}-\\d{2}-\\d{2}$",
      "type": [
       "string",
       "null"
      ],
      "description": "Only observations on or before this date (YYYY-MM-DD)"
     },
     "loinc_codes": {
      "items": {
       "type": "string"
      },
      "maxItems": 10,
      "type": [
       "array",
       "null"
      ],
      "description": "Only these LOINC codes (at most 10), e.g. ['4548-4']"
     },
     "section": {
      "enum": [
       "conditions",
       "encounters",
       "observations",
       "medications",
       "procedures",
       "allergies",
       "documents",
       "prior_pa_cases",
       null
      ],
      "type": [
       "string",
       "null"
      ],
      "description": "Only this section of the chart, paged (default: the whole chart, cut lists under `more`)"
     },
     "offset": {
      "default": 0,
      "description": "Skip this many: next_offset of the last page",
      "maximum": 100000,
      "minimum": 0,
      "type": "integer"
     },
     "limit": {
      "default": 50,
      "description": "Page size",
      "maximum": 100,
      "minimum": 1,
      "type": "integer"
     }
    },
    "required": [
     "acting_as",
     "patient_id"
    ],
    "type": "object"
   },
   "outputSchema": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "title": "ChartGetPatientChartResult",
    "type": "object",
    "required": [
     "as_of",
     "patient",
     "coverages",
     "conditions",
     "encounters",
     "observations",
     "observations_meta",
     "medications",
     "procedures",
     "allergies",
     "documents",
     "prior_pa_cases"
    ]
   },
   "readOnlyHint": true
  },
  {
   "name": "chart_list_candidate_orders",
   "description": "Service-request orders on a patient's chart, newest first. Each order: id, date, status (active|revoked|…), lines [{system, code (CPT/HCPCS), display, units, modifier}], ICD-10-CM diagnosis_codes, priority (standard|expedited), CMS place-of-service code, requested_date, clinical_indication, ordering_provider {id, name, role, npi}, org_name and `cases` (PA cases already opened from it: [{case_id, status}]). Paged: pass next_offset back as offset (null = last page); total counts all.",
   "inputSchema": {
    "additionalProperties": false,
    "properties": {
     "acting_as": {
      "description": "Your worker id",
      "type": "string"
     },
     "limit": {
      "default": 20,
      "description": "Page size",
      "maximum": 100,
      "minimum": 1,
      "type": "integer"
     },
     "offset": {
      "default": 0,
      "description": "Skip this many: next_offset of the last page",
      "maximum": 100000,
      "minimum": 0,
      "type": "integer"
     },
     "patient_id": {
      "description": "Patient id from search_patients, e.g. PAT-CEM",
      "type": "string"
     }
    },
    "required": [
     "acting_as",
     "patient_id"
    ],
    "type": "object"
   },
   "outputSchema": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "title": "ChartListCandidateOrdersResult",
    "type": "object",
    "required": [
     "total",
     "offset",
     "limit",
     "next_offset",
     "orders"
    ]
   },
   "readOnlyHint": true
  },
  {
   "name": "chart_search_patients",
   "description": "Search the patients your organization's EHR holds (it ordered for, saw, or holds the PCP of) by name, patient id or member-id fragment, optionally one date of birth. Returns `patients`: [{patient_id, given_name, family_name, birth_date, sex, city, state, phone, coverages: [{member_id, plan_id, plan_name, status}]}] sorted by family then given name; `count`.",
   "inputSchema": {
    "additionalProperties": false,
    "properties": {
     "acting_as": {
      "description": "Your worker id",
      "type": "string"
     },
     "query": {
      "description": "Name, patient id or member-id fragment; every whitespace-separated word must match (case-insensitive substring), e.g. 'Khalil' or 'KMH1000'",
      "maxLength": 100,
      "minLength": 2,
      "type": "string"
     },
     "birth_date": {
      "pattern": "^\\d{4}-\\d{2}-\\d{2}$",
      "type": [
       "string",
       "null"
      ],
      "description": "Only patients born on this date (YYYY-MM-DD)"
     },
     "limit": {
      "default": 25,
      "description": "Page size",
      "maximum": 100,
      "minimum": 1,
      "type": "integer"
     }
    },
    "required": [
     "acting_as",
     "query"
    ],
    "type": "object"
   },
   "outputSchema": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "title": "ChartSearchPatientsResult",
    "type": "object",
    "required": [
     "patients",
     "count"
    ]
   },
   "readOnlyHint": true
  },
  {
   "name": "docs_create_submission_bundle",
   "description": "Write a `submission_bundle` document for the case: a manifest (id, kind, title, date, author, signature) of the listed documents, kept in order under details.document_ids. auth_submit_authorization sends a bundle and every document it lists. The case status does not change. Allowed while the packet is assembled: requirement_checked, docs_needed, ready_to_submit, pended_action_required. Returns the bundle document.",
   "inputSchema": {
    "additionalProperties": false,
    "properties": {
     "acting_as": {
      "description": "Your worker id",
      "type": "string"
     },
     "case_id": {
      "description": "PA case id, e.g. CASE-0001",
      "type": "string"
     },
     "document_ids": {
      "description": "Documents to send, in order (1–50, no duplicates): the patient's chart documents or this case's uploads, not bundles",
      "items": {
       "type": "string"
      },
      "maxItems": 50,
      "minItems": 1,
      "type": "array"
     },
     "note": {
      "maxLength": 2000,
      "type": [
       "string",
       "null"
      ],
      "description": "Optional note printed on the bundle manifest"
     }
    },
    "required": [
     "acting_as",
     "case_id",
     "document_ids"
    ],
    "type": "object"
   },
   "outputSchema": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "title": "DocsCreateSubmissionBundleResult",
    "type": "object",
    "required": [
     "id",
     "kind",
     "title",
     "date",
     "signed",
     "patient_id",
     "case_id",
     "encounter_id",
     "author_worker_id",
     "signed_by",
     "signed_at",
     "origin",
     "side",
     "copied_from",
     "created_at",
     "body",
     "details"
    ]
   },
   "readOnlyHint": false
  },
  {
   "name": "docs_get_document",
   "description": "One provider-side document with its body (Markdown text; for binary uploads the uploader's description, with details {filename, mime_type, byte_count, sha256}), author {id, name, role, org_id, npi}, signature fields and `clinician_signed` (signed by a clinician author). Long bodies come in windows of 8,000 characters: `body_chars` is the whole length and `body_next_offset` (null at the end) the body_offset of the next window.",
   "inputSchema": {
    "additionalProperties": false,
    "properties": {
     "acting_as": {
      "description": "Your worker id",
      "type": "string"
     },
     "document_id": {
      "description": "Document id, e.g. DOC-CEM-004",
      "type": "string"
     },
     "body_offset": {
      "default": 0,
      "description": "Body start: body_next_offset of the last call",
      "maximum": 1000000,
      "minimum": 0,
      "type": "integer"
     }
    },
    "required": [
     "acting_as",
     "document_id"
    ],
    "type": "object"
   },
   "outputSchema": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "title": "DocsGetDocumentResult",
    "type": "object",
    "required": [
     "id",
     "kind",
     "title",
     "date",
     "signed",
     "patient_id",
     "case_id",
     "encounter_id",
     "author_worker_id",
     "signed_by",
     "signed_at",
     "origin",
     "side",
     "copied_from",
     "created_at",
     "body",
     "details",
     "author",
     "clinician_signed",
     "body_chars",
     "body_offset",
     "body_next_offset"
    ]
   },
   "readOnlyHint": true
  },
  {
   "name": "docs_list_case_documents",
   "description": "Documents usable on a case: the patient's chart documents plus this case's uploads and submission bundles, newest first. Index entries without bodies: id, kind, title, date, origin (chart|upload|system|clinical), signed, author, `clinician_signed`, `body_chars`. Paged: pass next_offset back as offset (null = last page); total counts all.",
   "inputSchema": {
    "additionalProperties": false,
    "properties": {
     "acting_as": {
      "description": "Your worker id",
      "type": "string"
     },
     "limit": {
      "default": 20,
      "description": "Page size",
      "maximum": 100,
      "minimum": 1,
      "type": "integer"
     },
     "offset": {
      "default": 0,
      "description": "Skip this many: next_offset of the last page",
      "maximum": 100000,
      "minimum": 0,
      "type": "integer"
     },
     "case_id": {
      "description": "PA case id, e.g. CASE-0001",
      "type": "string"
     }
    },
    "required": [
     "acting_as",
     "case_id"
    ],
    "type": "object"
   },
   "outputSchema": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "title": "DocsListCaseDocumentsResult",
    "type": "object",
    "required": [
     "total",
     "offset",
     "limit",
     "next_offset",
     "documents"
    ]
   },
   "readOnlyHint": true
  },
  {
   "name": "docs_upload_evidence",
   "description": "Attach a text document to the case (author: you; dated today; not allowed on closed cases). Documents are signed only when a clinician uploads with sign=true; anyone else's upload stays unsigned. A `questionnaire` document may carry answers as `key: value` lines. Returns the document (docs_get_document shape).",
   "inputSchema": {
    "additionalProperties": false,
    "properties": {
     "acting_as": {
      "description": "Your worker id",
      "type": "string"
     },
     "case_id": {
      "description": "PA case id, e.g. CASE-0001",
      "type": "string"
     },
     "kind": {
      "description": "Document kind",
      "enum": [
       "chart_note",
       "consult_note",
       "diagnostic_report",
       "discharge_summary",
       "imaging_report",
       "lab_summary",
       "letter_of_medical_necessity",
       "pa_request_form",
       "pathology_report",
       "procedure_report",
       "progress_note",
       "questionnaire",
       "site_of_service_attestation",
       "therapy_note"
      ],
      "type": "string"
     },
     "title": {
      "description": "Document title",
      "maxLength": 300,
      "type": "string"
     },
     "body": {
      "description": "Document text, Markdown",
      "maxLength": 20000,
      "type": "string"
     },
     "sign": {
      "default": false,
      "description": "Sign the document as its author; only clinicians may sign",
      "type": "boolean"
     }
    },
    "required": [
     "acting_as",
     "case_id",
     "kind",
     "title",
     "body"
    ],
    "type": "object"
   },
   "outputSchema": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "title": "DocsUploadEvidenceResult",
    "type": "object",
    "required": [
     "id",
     "kind",
     "title",
     "date",
     "signed",
     "patient_id",
     "case_id",
     "encounter_id",
     "author_worker_id",
     "signed_by",
     "signed_at",
     "origin",
     "side",
     "copied_from",
     "created_at",
     "body",
     "details",
     "clinician_signed"
    ]
   },
   "readOnlyHint": false
  },
  {
   "name": "docs_upload_evidence_file",
   "description": "Attach a binary file (PDF, PNG, JPEG or TIFF) to the case. The vault stores filename, mime_type, byte_count and sha256 in details; the body is your description. Signing as in docs_upload_evidence. Returns the document.",
   "inputSchema": {
    "additionalProperties": false,
    "properties": {
     "acting_as": {
      "description": "Your worker id",
      "type": "string"
     },
     "case_id": {
      "description": "PA case id, e.g. CASE-0001",
      "type": "string"
     },
     "kind": {
      "description": "Document kind",
      "enum": [
       "chart_note",
       "consult_note",
       "diagnostic_report",
       "discharge_summary",
       "imaging_report",
       "lab_summary",
       "letter_of_medical_necessity",
       "pa_request_form",
       "pathology_report",
       "procedure_report",
       "progress_note",
       "questionnaire",
       "site_of_service_attestation",
       "therapy_note"
      ],
      "type": "string"
     },
     "title": {
      "description": "Document title",
      "maxLength": 300,
      "type": "string"
     },
     "filename": {
      "description": "Bare file name, e.g. mri_report.pdf",
      "maxLength": 200,
      "type": "string"
     },
     "mime_type": {
      "description": "Type of the file; the bytes must start with its signature",
      "enum": [
       "application/pdf",
       "image/png",
       "image/jpeg",
       "image/tiff"
      ],
      "type": "string"
     },
     "content_base64": {
      "description": "Standard base64 of the file (≤10 MiB decoded)",
      "maxLength": 13981021,
      "type": "string"
     },
     "description": {
      "description": "What the file is and says (10–2,000 characters); stored as the document body — no text is extracted from the file",
      "maxLength": 2000,
      "minLength": 10,
      "type": "string"
     },
     "sign": {
      "default": false,
      "description": "Sign the document as its author; only clinicians may sign",
      "type": "boolean"
     }
    },
    "required": [
     "acting_as",
     "case_id",
     "kind",
     "title",
     "filename",
     "mime_type",
     "content_base64",
     "description"
    ],
    "type": "object"
   },
   "outputSchema": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "title": "DocsUploadEvidenceFileResult",
    "type": "object",
    "required": [
     "id",
     "kind",
     "title",
     "date",
     "signed",
     "patient_id",
     "case_id",
     "encounter_id",
     "author_worker_id",
     "signed_by",
     "signed_at",
     "origin",
     "side",
     "copied_from",
     "created_at",
     "body",
     "details",
     "clinician_signed"
    ]
   },
   "readOnlyHint": false
  },
  {
   "name": "forms_list_required_forms",
   "description": "The payer forms the plan publishes for the case, with completion status: `forms` [{form_id, title, policy_reference, questions [{key, text, answer_type (boolean|number|date|text|choice), choices, required}], status (not_started|incomplete|complete), answers, problems, response_id, updated_at}]; empty when no form is required.",
   "inputSchema": {
    "additionalProperties": false,
    "properties": {
     "acting_as": {
      "description": "Your worker id",
      "type": "string"
     },
     "case_id": {
      "description": "PA case id, e.g. CASE-0001",
      "type": "string"
     }
    },
    "required": [
     "acting_as",
     "case_id"
    ],
    "type": "object"
   },
   "outputSchema": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "title": "FormsListRequiredFormsResult",
    "type": "object",
    "required": [
     "forms"
    ]
   },
   "readOnlyHint": true
  },
  {
   "name": "forms_save_form_response",
   "description": "Save questionnaire answers, merged into earlier ones, and report validation: missing or mistyped answers are saved and listed under `problems` (status incomplete until none); keys that are not questions are refused. Editable while the packet is assembled or a pend is answered. Returns the form as in list_required_forms.",
   "inputSchema": {
    "additionalProperties": false,
    "properties": {
     "acting_as": {
      "description": "Your worker id",
      "type": "string"
     },
     "case_id": {
      "description": "PA case id, e.g. CASE-0001",
      "type": "string"
     },
     "form_id": {
      "description": "Form id from list_required_forms, e.g. QNR-…",
      "type": "string"
     },
     "answers": {
      "additionalProperties": {
       "anyOf": [
        {
         "type": "string"
        },
        {
         "type": "integer"
        },
        {
         "type": "number"
        },
        {
         "type": "boolean"
        },
        {
         "type": "null"
        }
       ]
      },
      "description": "Question key → answer (string ≤2,000 characters, number or boolean; booleans may be yes/no); null clears a saved answer",
      "maxProperties": 100,
      "type": "object"
     }
    },
    "required": [
     "acting_as",
     "case_id",
     "form_id",
     "answers"
    ],
    "type": "object"
   },
   "outputSchema": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "title": "FormsSaveFormResponseResult",
    "type": "object",
    "required": [
     "form_id",
     "title",
     "policy_reference",
     "questions",
     "status",
     "problems",
     "response_id",
     "updated_at",
     "answers"
    ]
   },
   "readOnlyHint": false
  },
  {
   "name": "forms_validate_form",
   "description": "Check the saved answers against the form without changing anything. Returns {form_id, status, complete, problems, answers}.",
   "inputSchema": {
    "additionalProperties": false,
    "properties": {
     "acting_as": {
      "description": "Your worker id",
      "type": "string"
     },
     "case_id": {
      "description": "PA case id, e.g. CASE-0001",
      "type": "string"
     },
     "form_id": {
      "type": [
       "string",
       "null"
      ],
      "description": "Form id (default: the case's form)"
     }
    },
    "required": [
     "acting_as",
     "case_id"
    ],
    "type": "object"
   },
   "outputSchema": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "title": "FormsValidateFormResult",
    "type": "object",
    "required": [
     "form_id",
     "status",
     "complete",
     "problems",
     "answers"
    ]
   },
   "readOnlyHint": true
  },
  {
   "name": "inbox_list_messages",
   "description": "Your organization's provider inbox (payer replies: approvals, denials, pends, peer-to-peer invitations), newest first; optionally one case's or unread only. Each message without its body: id, case_id, kind, subject, sender, sent_at, read_at, details, `preview` (first 160 characters) and `unread`. Reading a body (inbox_read_message) stamps it read. Paged: pass next_offset back as offset (null = last page); total counts all.",
   "inputSchema": {
    "additionalProperties": false,
    "properties": {
     "acting_as": {
      "description": "Your worker id",
      "type": "string"
     },
     "limit": {
      "default": 20,
      "description": "Page size",
      "maximum": 100,
      "minimum": 1,
      "type": "integer"
     },
     "offset": {
      "default": 0,
      "description": "Skip this many: next_offset of the last page",
      "maximum": 100000,
      "minimum": 0,
      "type": "integer"
     },
     "case_id": {
      "type": [
       "string",
       "null"
      ],
      "description": "Only this case's messages"
     },
     "unread_only": {
      "default": false,
      "description": "Only messages not read yet",
      "type": "boolean"
     }
    },
    "required": [
     "acting_as"
    ],
    "type": "object"
   },
   "outputSchema": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "title": "InboxListMessagesResult",
    "type": "object",
    "required": [
     "total",
     "offset",
     "limit",
     "next_offset",
     "messages"
    ]
   },
   "readOnlyHint": true
  },
  {
   "name": "inbox_read_message",
   "description": "One provider inbox message with its full body. Side effect: the first read stamps `read_at` (the message is no longer unread) and the clock advances by one action.",
   "inputSchema": {
    "additionalProperties": false,
    "properties": {
     "acting_as": {
      "description": "Your worker id",
      "type": "string"
     },
     "message_id": {
      "description": "Message id, e.g. MSG-0001",
      "type": "string"
     }
    },
    "required": [
     "acting_as",
     "message_id"
    ],
    "type": "object"
   },
   "outputSchema": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "title": "InboxReadMessageResult",
    "type": "object",
    "required": [
     "id",
     "case_id",
     "audience",
     "kind",
     "subject",
     "sender",
     "sent_at",
     "read_at",
     "unread",
     "body",
     "details"
    ]
   },
   "readOnlyHint": false
  },
  {
   "name": "p2p_session_get_context",
   "description": "The peer-to-peer call as you see it (writes nothing): request {id, case_id, status, reason, scheduled_at, …}, case {case_id, member, service, codes}, agent_side, counterpart {worker_id, name, role, organization}, the counterpart's opening_statement (transcript turn 1 once the call starts), session {started, agent_turns, turn_limit, turns_left, ended, end_reason, finalized}, the ordered transcript [{turn_number, speaker (agent|counterpart), text, at}], summary and proposed_outcome. The provider seat on the call is held by the case's ordering clinician (act as that clinician). The transcript is paged: Paged: pass next_offset back as offset (null = last page); total counts all.",
   "inputSchema": {
    "additionalProperties": false,
    "properties": {
     "acting_as": {
      "description": "Your worker id",
      "type": "string"
     },
     "request_id": {
      "description": "Peer-to-peer request id, e.g. P2P-0001",
      "type": "string"
     },
     "offset": {
      "default": 0,
      "description": "Skip this many: next_offset of the last page",
      "maximum": 10000,
      "minimum": 0,
      "type": "integer"
     },
     "limit": {
      "default": 100,
      "description": "Page size",
      "maximum": 200,
      "minimum": 1,
      "type": "integer"
     }
    },
    "required": [
     "acting_as",
     "request_id"
    ],
    "type": "object"
   },
   "outputSchema": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "title": "P2pSessionGetContextResult",
    "type": "object",
    "required": [
     "total",
     "offset",
     "limit",
     "next_offset",
     "request",
     "case",
     "agent_side",
     "counterpart",
     "opening_statement",
     "session",
     "summary",
     "proposed_outcome",
     "transcript"
    ]
   },
   "readOnlyHint": true
  },
  {
   "name": "p2p_session_send_turn",
   "description": "Say one turn on the peer-to-peer call and receive the simulated plan reviewer's reply. The first turn starts the call: the request must be scheduled (→ in_session) and the clock runs to the scheduled time if it is still ahead. Agent turns count against the turn limit; when the reviewer ends the call or the limit is reached, no further turns are taken. Returns {request_id, session_id, turn_number, counterpart_response, agent_turns, turn_limit, turns_left, ended, end_reason}. A `retryable` error records nothing. The provider seat on the call is held by the case's ordering clinician (act as that clinician).",
   "inputSchema": {
    "additionalProperties": false,
    "properties": {
     "acting_as": {
      "description": "Your worker id",
      "type": "string"
     },
     "request_id": {
      "description": "Peer-to-peer request id, e.g. P2P-0001",
      "type": "string"
     },
     "message": {
      "description": "What you say on the call (one turn, ≤4,000 characters)",
      "maxLength": 4000,
      "type": "string"
     }
    },
    "required": [
     "acting_as",
     "request_id",
     "message"
    ],
    "type": "object"
   },
   "outputSchema": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "title": "P2pSessionSendTurnResult",
    "type": "object",
    "required": [
     "session_id",
     "agent_turns",
     "turn_limit",
     "turns_left",
     "ended",
     "end_reason",
     "backend",
     "request_id",
     "turn_number",
     "counterpart_response",
     "token_usage"
    ]
   },
   "readOnlyHint": false
  },
  {
   "name": "p2p_session_submit_summary",
   "description": "Conclude the peer-to-peer call with your written summary and proposed outcome: the session is finalized (no further turns) and the plan's reviewer then records its outcome on the request (request → completed; returned as payer_outcome and request_status). Returns the session with summary and proposed_outcome. The case's determination follows on the payer side; poll with auth_check_status. The provider seat on the call is held by the case's ordering clinician (act as that clinician).",
   "inputSchema": {
    "additionalProperties": false,
    "properties": {
     "acting_as": {
      "description": "Your worker id",
      "type": "string"
     },
     "request_id": {
      "description": "Peer-to-peer request id, e.g. P2P-0001",
      "type": "string"
     },
     "summary": {
      "description": "Your written summary of the call",
      "maxLength": 20000,
      "minLength": 20,
      "type": "string"
     },
     "proposed_outcome": {
      "enum": [
       "uphold_adverse",
       "overturn_to_approval"
      ],
      "type": "string",
      "description": "The outcome you propose from the discussion"
     }
    },
    "required": [
     "acting_as",
     "request_id",
     "summary",
     "proposed_outcome"
    ],
    "type": "object"
   },
   "outputSchema": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "title": "P2pSessionSubmitSummaryResult",
    "type": "object",
    "required": [
     "id",
     "request_id",
     "case_id",
     "agent_side",
     "agent_worker_id",
     "counterpart_worker_id",
     "turn_limit",
     "agent_turns",
     "finalized",
     "summary",
     "proposed_outcome",
     "started_at",
     "ended_at",
     "backend",
     "payer_outcome",
     "request_status"
    ]
   },
   "readOnlyHint": false
  },
  {
   "name": "people_list_contacts",
   "description": "The directory: provider, payer and care-management staff, optionally one role. Each contact: {id, name, given_name, family_name, credentials, role, org_id, org_name, org_kind, npi, specialty, license_state, phone, email, fax}, sorted by organization then name. Paged: pass next_offset back as offset (null = last page); total counts all.",
   "inputSchema": {
    "additionalProperties": false,
    "properties": {
     "acting_as": {
      "description": "Your worker id",
      "type": "string"
     },
     "limit": {
      "default": 20,
      "description": "Page size",
      "maximum": 100,
      "minimum": 1,
      "type": "integer"
     },
     "offset": {
      "default": 0,
      "description": "Skip this many: next_offset of the last page",
      "maximum": 100000,
      "minimum": 0,
      "type": "integer"
     },
     "role": {
      "enum": [
       "physician",
       "nurse_practitioner",
       "physician_assistant",
       "physical_therapist",
       "pa_coordinator",
       "clinic_nurse",
       "front_desk",
       "intake_coordinator",
       "um_nurse",
       "medical_director",
       "appeals_medical_director",
       "external_review_coordinator",
       "care_manager",
       "social_worker",
       "pharmacist",
       "behavioral_health_clinician",
       "cm_supervisor",
       null
      ],
      "type": [
       "string",
       "null"
      ],
      "description": "Only contacts with this role"
     }
    },
    "required": [
     "acting_as"
    ],
    "type": "object"
   },
   "outputSchema": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "title": "PeopleListContactsResult",
    "type": "object",
    "required": [
     "total",
     "offset",
     "limit",
     "next_offset",
     "contacts"
    ]
   },
   "readOnlyHint": true
  },
  {
   "name": "people_list_ordering_providers",
   "description": "Clinicians at provider organizations who may order services (physicians, nurse practitioners, physician assistants, physical therapists), with NPIs. Each contact: {id, name, given_name, family_name, credentials, role, org_id, org_name, org_kind, npi, specialty, license_state, phone, email, fax}, sorted by organization then name. Paged: pass next_offset back as offset (null = last page); total counts all.",
   "inputSchema": {
    "additionalProperties": false,
    "properties": {
     "acting_as": {
      "description": "Your worker id",
      "type": "string"
     },
     "limit": {
      "default": 20,
      "description": "Page size",
      "maximum": 100,
      "minimum": 1,
      "type": "integer"
     },
     "offset": {
      "default": 0,
      "description": "Skip this many: next_offset of the last page",
      "maximum": 100000,
      "minimum": 0,
      "type": "integer"
     },
     "org_id": {
      "type": [
       "string",
       "null"
      ],
      "description": "Only this provider organization, e.g. ORG-RMG"
     }
    },
    "required": [
     "acting_as"
    ],
    "type": "object"
   },
   "outputSchema": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "title": "PeopleListOrderingProvidersResult",
    "type": "object",
    "required": [
     "total",
     "offset",
     "limit",
     "next_offset",
     "providers"
    ]
   },
   "readOnlyHint": true
  },
  {
   "name": "people_list_reviewer_contacts",
   "description": "Payer-side UM nurses, medical directors and appeals medical directors reachable from the provider. Each contact: {id, name, given_name, family_name, credentials, role, org_id, org_name, org_kind, npi, specialty, license_state, phone, email, fax}, sorted by organization then name. Paged: pass next_offset back as offset (null = last page); total counts all.",
   "inputSchema": {
    "additionalProperties": false,
    "properties": {
     "acting_as": {
      "description": "Your worker id",
      "type": "string"
     },
     "limit": {
      "default": 20,
      "description": "Page size",
      "maximum": 100,
      "minimum": 1,
      "type": "integer"
     },
     "offset": {
      "default": 0,
      "description": "Skip this many: next_offset of the last page",
      "maximum": 100000,
      "minimum": 0,
      "type": "integer"
     },
     "required_role": {
      "enum": [
       "um_nurse",
       "medical_director",
       "appeals_medical_director",
       null
      ],
      "type": [
       "string",
       "null"
      ],
      "description": "Only reviewers with this role"
     }
    },
    "required": [
     "acting_as"
    ],
    "type": "object"
   },
   "outputSchema": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "title": "PeopleListReviewerContactsResult",
    "type": "object",
    "required": [
     "total",
     "offset",
     "limit",
     "next_offset",
     "reviewers"
    ]
   },
   "readOnlyHint": true
  }
 ],
 "payer": [
  {
   "name": "determination_finalize",
   "description": "Write the case's determination after the preflight (steps P1–P12; the first failing step is returned with its number). Writes the determination (source record, SLA deadline and whether it was met), moves the case to approved | denied | partially_approved, records line outcomes, issues the authorization number and validity window for approvals and closes open review tasks. One active determination per case: it is never amended (letters are reissued instead).",
   "inputSchema": {
    "$defs": {
     "LineDecisionIn": {
      "additionalProperties": false,
      "properties": {
       "line_number": {
        "description": "Line decided",
        "maximum": 99,
        "minimum": 1,
        "type": "integer"
       },
       "decision": {
        "enum": [
         "approved",
         "denied"
        ],
        "type": "string",
        "description": "Outcome of this line"
       },
       "approved_units": {
        "maximum": 999,
        "minimum": 0,
        "type": [
         "integer",
         "null"
        ],
        "description": "Approved lines: units approved, 1..requested (default: all requested); denied lines: omit or 0"
       },
       "reason": {
        "maxLength": 20000,
        "type": [
         "string",
         "null"
        ],
        "description": "Why (required for a denied line)"
       }
      },
      "required": [
       "line_number",
       "decision"
      ],
      "type": "object"
     }
    },
    "additionalProperties": false,
    "properties": {
     "acting_as": {
      "description": "Your worker id",
      "type": "string"
     },
     "case_id": {
      "description": "PA case id, e.g. CASE-0001",
      "type": "string"
     },
     "decision": {
      "enum": [
       "approved",
       "denied",
       "partially_approved"
      ],
      "type": "string",
      "description": "The final determination"
     },
     "rationale": {
      "default": "",
      "description": "Rationale (required for denied / partially_approved)",
      "maxLength": 20000,
      "type": "string"
     },
     "policy_citations": {
      "items": {
       "type": "string"
      },
      "maxItems": 50,
      "type": [
       "array",
       "null"
      ],
      "description": "'<policy-id> §<n>' sections (at least one for denied / partially_approved)"
     },
     "overridden": {
      "default": false,
      "description": "True only when the decision differs from the source recommendation (physician reviewers only)",
      "type": "boolean"
     },
     "override_reason": {
      "default": "",
      "description": "Why, when overridden=true",
      "maxLength": 20000,
      "type": "string"
     },
     "line_decisions": {
      "items": {
       "$ref": "#/$defs/LineDecisionIn"
      },
      "maxItems": 99,
      "type": [
       "array",
       "null"
      ],
      "description": "partially_approved: every line exactly once (default: the active MD partial-approval's line decisions)"
     }
    },
    "required": [
     "acting_as",
     "case_id",
     "decision"
    ],
    "type": "object"
   },
   "outputSchema": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "title": "DeterminationFinalizeResult",
    "type": "object",
    "required": [
     "id",
     "case_id",
     "decision",
     "basis",
     "source",
     "source_record_id",
     "overridden",
     "override_reason",
     "rationale",
     "policy_citations",
     "determined_by",
     "determined_at",
     "sla_deadline",
     "sla_met",
     "authorization_number",
     "superseded_by",
     "case_status",
     "preflight_steps",
     "auth_valid_from",
     "auth_valid_to"
    ]
   },
   "readOnlyHint": false
  },
  {
   "name": "determination_get_summary",
   "description": "Everything needed to finalize: case, member, lines, SLA (deadline UTC, seconds_remaining at the current simulated time), the source records (nurse recommendation, active MD decision, its peer-to-peer request), criteria tallies per stage, criteria not yet evaluated, the active determination and history, and a side-effect-free preflight preview of each decision as you would finalize it now (passes, or the failing step and why). Lists too long for 10,000 chars are cut and named under `more`.",
   "inputSchema": {
    "additionalProperties": false,
    "properties": {
     "acting_as": {
      "description": "Your worker id",
      "type": "string"
     },
     "case_id": {
      "description": "PA case id, e.g. CASE-0001",
      "type": "string"
     }
    },
    "required": [
     "acting_as",
     "case_id"
    ],
    "type": "object"
   },
   "outputSchema": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "title": "DeterminationGetSummaryResult",
    "type": "object",
    "required": [
     "case",
     "member",
     "lines",
     "sla",
     "nurse_recommendation",
     "md_decision",
     "p2p_request",
     "criteria",
     "determination",
     "determination_history",
     "preflight_preview"
    ]
   },
   "readOnlyHint": true
  },
  {
   "name": "p2p_list",
   "description": "Peer-to-peer requests, oldest first (paginated), optionally for one case: status (requested → slots_offered → slot_selected → scheduled → in_session → completed), original_reviewer_id, payer_reviewer_id, offered/selected slots, scheduled_at, outcome, due_at. Paged: pass next_offset back as offset (null = last page); total counts all.",
   "inputSchema": {
    "additionalProperties": false,
    "properties": {
     "acting_as": {
      "description": "Your worker id",
      "type": "string"
     },
     "offset": {
      "default": 0,
      "description": "Skip this many: next_offset of the last page",
      "maximum": 1000000,
      "minimum": 0,
      "type": "integer"
     },
     "limit": {
      "default": 50,
      "description": "Page size",
      "maximum": 200,
      "minimum": 1,
      "type": "integer"
     },
     "case_id": {
      "type": [
       "string",
       "null"
      ],
      "description": "Only this case's requests (default: all)"
     }
    },
    "required": [
     "acting_as"
    ],
    "type": "object"
   },
   "outputSchema": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "title": "P2pListResult",
    "type": "object",
    "required": [
     "total",
     "offset",
     "limit",
     "next_offset",
     "requests"
    ]
   },
   "readOnlyHint": true
  },
  {
   "name": "p2p_offer_slots",
   "description": "Assign the payer-side physician reviewer and offer call times (requested → slots_offered); the requesting provider receives an invitation in the inbox and chooses a slot (→ slot_selected). The reviewer must be a physician reviewer other than the physician whose intended decision is discussed (independence). Returns the request.",
   "inputSchema": {
    "additionalProperties": false,
    "properties": {
     "acting_as": {
      "description": "Your worker id",
      "type": "string"
     },
     "request_id": {
      "description": "Peer-to-peer request id, e.g. P2P-0001",
      "type": "string"
     },
     "payer_reviewer_id": {
      "description": "Worker id of the physician reviewer who will hold the call",
      "minLength": 3,
      "type": "string"
     },
     "slots": {
      "description": "1–5 call times, ISO-8601 with a time zone (e.g. 2026-10-14T15:00:00Z), after now and within 14 days",
      "items": {
       "type": "string"
      },
      "maxItems": 5,
      "minItems": 1,
      "type": "array"
     }
    },
    "required": [
     "acting_as",
     "request_id",
     "payer_reviewer_id",
     "slots"
    ],
    "type": "object"
   },
   "outputSchema": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "title": "P2pOfferSlotsResult",
    "type": "object",
    "required": [
     "id",
     "case_id",
     "status",
     "reason",
     "scheduled_at",
     "payer_reviewer_id",
     "provider_worker_id",
     "outcome",
     "offered_slots",
     "selected_slot",
     "outcome_note",
     "created_at",
     "due_at",
     "md_decision_id",
     "original_reviewer_id"
    ]
   },
   "readOnlyHint": false
  },
  {
   "name": "p2p_record_outcome",
   "description": "Record the call's outcome and close the request (scheduled/in_session → completed). Only the assigned payer reviewer may record it; an open session must be summarized first. If the call time is still ahead, the simulated clock runs to the end of the call. The case status is not changed: determination_finalize resolves the MD's p2p_review decision from this outcome.",
   "inputSchema": {
    "additionalProperties": false,
    "properties": {
     "acting_as": {
      "description": "Your worker id",
      "type": "string"
     },
     "request_id": {
      "description": "Peer-to-peer request id, e.g. P2P-0001",
      "type": "string"
     },
     "outcome": {
      "enum": [
       "uphold_adverse",
       "overturn_to_approval"
      ],
      "type": "string",
      "description": "What the call concluded about the intended adverse decision"
     },
     "note": {
      "description": "What was discussed and why this outcome",
      "maxLength": 20000,
      "type": "string"
     }
    },
    "required": [
     "acting_as",
     "request_id",
     "outcome",
     "note"
    ],
    "type": "object"
   },
   "outputSchema": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "title": "P2pRecordOutcomeResult",
    "type": "object",
    "required": [
     "id",
     "case_id",
     "status",
     "reason",
     "scheduled_at",
     "payer_reviewer_id",
     "provider_worker_id",
     "outcome",
     "offered_slots",
     "selected_slot",
     "outcome_note",
     "created_at",
     "due_at",
     "md_decision_id",
     "original_reviewer_id"
    ]
   },
   "readOnlyHint": false
  },
  {
   "name": "p2p_schedule",
   "description": "Confirm the slot the provider selected (slot_selected → scheduled): writes a calendar invite (.ics) to the shared workspace and a confirmation to the provider's inbox. Returns the request and invite_artifact_id.",
   "inputSchema": {
    "additionalProperties": false,
    "properties": {
     "acting_as": {
      "description": "Your worker id",
      "type": "string"
     },
     "request_id": {
      "description": "Peer-to-peer request id, e.g. P2P-0001",
      "type": "string"
     },
     "scheduled_at": {
      "type": [
       "string",
       "null"
      ],
      "description": "If given, must equal the provider's selected slot (ISO-8601 with a time zone)"
     }
    },
    "required": [
     "acting_as",
     "request_id"
    ],
    "type": "object"
   },
   "outputSchema": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "title": "P2pScheduleResult",
    "type": "object",
    "required": [
     "id",
     "case_id",
     "status",
     "reason",
     "scheduled_at",
     "payer_reviewer_id",
     "provider_worker_id",
     "outcome",
     "offered_slots",
     "selected_slot",
     "outcome_note",
     "created_at",
     "due_at",
     "md_decision_id",
     "original_reviewer_id",
     "invite_artifact_id"
    ]
   },
   "readOnlyHint": false
  },
  {
   "name": "p2p_session_get_context",
   "description": "The peer-to-peer call as you see it (you must be the request's assigned payer reviewer): the request, the case, your side, the counterpart (the ordering clinician), the counterpart's opening statement, the session (started, agent_turns, turn_limit, turns_left, ended, end_reason, finalized), the ordered transcript, and your summary once submitted. Writes nothing. The transcript is paged: Paged: pass next_offset back as offset (null = last page); total counts all.",
   "inputSchema": {
    "additionalProperties": false,
    "properties": {
     "acting_as": {
      "description": "Your worker id",
      "type": "string"
     },
     "request_id": {
      "description": "Peer-to-peer request id, e.g. P2P-0001",
      "type": "string"
     },
     "offset": {
      "default": 0,
      "description": "Skip this many: next_offset of the last page",
      "maximum": 10000,
      "minimum": 0,
      "type": "integer"
     },
     "limit": {
      "default": 100,
      "description": "Page size",
      "maximum": 200,
      "minimum": 1,
      "type": "integer"
     }
    },
    "required": [
     "acting_as",
     "request_id"
    ],
    "type": "object"
   },
   "outputSchema": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "title": "P2pSessionGetContextResult",
    "type": "object",
    "required": [
     "total",
     "offset",
     "limit",
     "next_offset",
     "request",
     "case",
     "agent_side",
     "counterpart",
     "opening_statement",
     "session",
     "summary",
     "proposed_outcome",
     "transcript"
    ]
   },
   "readOnlyHint": true
  },
  {
   "name": "p2p_session_send_turn",
   "description": "Say one turn on the peer-to-peer call and receive the counterpart's reply. The first turn opens the session on a scheduled request (→ in_session; the simulated clock runs to the scheduled time if it is still ahead; the opening statement becomes turn 1). Your turns are limited; once the counterpart ends the call or the limit is reached, only the summary remains. Returns the counterpart_response, turn_number, agent_turns, turns_left, ended and end_reason. A `retryable` error means nothing was recorded; send the turn again.",
   "inputSchema": {
    "additionalProperties": false,
    "properties": {
     "acting_as": {
      "description": "Your worker id",
      "type": "string"
     },
     "request_id": {
      "description": "Peer-to-peer request id, e.g. P2P-0001",
      "type": "string"
     },
     "message": {
      "description": "What you say on the call (one turn; without the ###STOP### marker)",
      "maxLength": 4000,
      "type": "string"
     }
    },
    "required": [
     "acting_as",
     "request_id",
     "message"
    ],
    "type": "object"
   },
   "outputSchema": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "title": "P2pSessionSendTurnResult",
    "type": "object",
    "required": [
     "session_id",
     "agent_turns",
     "turn_limit",
     "turns_left",
     "ended",
     "end_reason",
     "backend",
     "request_id",
     "turn_number",
     "counterpart_response",
     "token_usage"
    ]
   },
   "readOnlyHint": false
  },
  {
   "name": "p2p_session_submit_summary",
   "description": "Conclude the peer-to-peer dialog with your written summary and proposed outcome: the session is finalized (no further turns). Needs a call held with send_turn. The request stays in_session until you record the outcome with p2p_record_outcome. Returns the session.",
   "inputSchema": {
    "additionalProperties": false,
    "properties": {
     "acting_as": {
      "description": "Your worker id",
      "type": "string"
     },
     "request_id": {
      "description": "Peer-to-peer request id, e.g. P2P-0001",
      "type": "string"
     },
     "summary": {
      "description": "Your written summary of the discussion (20–20,000 characters)",
      "maxLength": 20000,
      "minLength": 20,
      "type": "string"
     },
     "proposed_outcome": {
      "enum": [
       "uphold_adverse",
       "overturn_to_approval"
      ],
      "type": "string",
      "description": "The outcome you propose from the discussion"
     }
    },
    "required": [
     "acting_as",
     "request_id",
     "summary",
     "proposed_outcome"
    ],
    "type": "object"
   },
   "outputSchema": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "title": "P2pSessionSubmitSummaryResult",
    "type": "object",
    "required": [
     "id",
     "request_id",
     "case_id",
     "agent_side",
     "agent_worker_id",
     "counterpart_worker_id",
     "turn_limit",
     "agent_turns",
     "finalized",
     "summary",
     "proposed_outcome",
     "started_at",
     "ended_at",
     "backend"
    ]
   },
   "readOnlyHint": false
  },
  {
   "name": "payer_intake_hub_add_line_item",
   "description": "Append a service line to the intake (id <intake>-L<n>); the line number defaults to one past the highest and must not be taken. Refused once the intake is complete. Returns the intake view with its line_items.",
   "inputSchema": {
    "additionalProperties": false,
    "properties": {
     "acting_as": {
      "description": "Your worker id",
      "type": "string"
     },
     "case_id": {
      "description": "PA case id, e.g. CASE-0001",
      "type": "string"
     },
     "system": {
      "enum": [
       "CPT",
       "HCPCS",
       "ICD-10-PCS"
      ],
      "type": "string",
      "description": "Procedure code system of `code`"
     },
     "code": {
      "description": "Procedure code in that system (CPT 5 characters, HCPCS letter + 4 digits, ICD-10-PCS 7 characters)",
      "type": "string"
     },
     "display": {
      "description": "Description of the service",
      "maxLength": 300,
      "type": "string"
     },
     "units": {
      "description": "Requested units (count of the code's unit of service)",
      "maximum": 999,
      "minimum": 1,
      "type": "integer"
     },
     "modifier": {
      "type": [
       "string",
       "null"
      ],
      "description": "Two-character CPT/HCPCS modifier"
     },
     "place_of_service": {
      "enum": [
       "11",
       "12",
       "10",
       "21",
       "22",
       "23",
       "24",
       "19",
       "81",
       "49",
       "62",
       null
      ],
      "type": [
       "string",
       "null"
      ],
      "description": "CMS two-digit place-of-service code: 10 telehealth in the home, 11 office, 12 home, 19 off-campus outpatient hospital, 21 inpatient hospital, 22 on-campus outpatient hospital, 23 emergency room, 24 ambulatory surgical center, 49 independent diagnostic testing facility, 62 outpatient rehabilitation, 81 independent laboratory"
     },
     "service_start": {
      "pattern": "^\\d{4}-\\d{2}-\\d{2}$",
      "type": [
       "string",
       "null"
      ],
      "description": "Line service start, YYYY-MM-DD"
     },
     "service_end": {
      "pattern": "^\\d{4}-\\d{2}-\\d{2}$",
      "type": [
       "string",
       "null"
      ],
      "description": "Line service end, YYYY-MM-DD"
     },
     "line_number": {
      "maximum": 99,
      "minimum": 1,
      "type": [
       "integer",
       "null"
      ],
      "description": "Line number (default: one past the highest)"
     }
    },
    "required": [
     "acting_as",
     "case_id",
     "system",
     "code",
     "display",
     "units"
    ],
    "type": "object"
   },
   "outputSchema": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "title": "PayerIntakeHubAddLineItemResult",
    "type": "object",
    "required": [
     "id",
     "case_id",
     "packet_id",
     "status",
     "auth_type",
     "received_at",
     "channel",
     "urgency_level",
     "urgency_requested_by",
     "request_date",
     "service_start",
     "service_end",
     "place_of_service",
     "member_state",
     "member_eligibility_verified",
     "continuity_of_care",
     "diagnosis_type",
     "diagnoses",
     "decision_request_complete",
     "decision_member_eligible",
     "decision_service_covered",
     "decision_provider_network_status",
     "missing_information",
     "completed_by",
     "completed_at",
     "updated_at",
     "line_items",
     "requesting_provider"
    ]
   },
   "readOnlyHint": false
  },
  {
   "name": "payer_intake_hub_confirm_decisions",
   "description": "Freeze the four intake decisions and complete the intake (new/in_progress → complete). Needs the header (urgency, service start, place of service, member state), diagnoses, requesting provider and at least one line saved (the refusal lists what is missing). request_complete=false also pends the case (→ pended_action_required, response due 23:59:59 UTC on info_due). After this the intake — header, diagnoses, provider, lines and decisions — is frozen; triage and routing are checked against these decisions.",
   "inputSchema": {
    "additionalProperties": false,
    "properties": {
     "acting_as": {
      "description": "Your worker id",
      "type": "string"
     },
     "case_id": {
      "description": "PA case id, e.g. CASE-0001",
      "type": "string"
     },
     "request_complete": {
      "description": "Whether the request carries everything needed to review it",
      "type": "boolean"
     },
     "member_eligible": {
      "description": "Whether the member's coverage is active for the service dates",
      "type": "boolean"
     },
     "service_covered": {
      "description": "Whether the service is a covered benefit of the member's plan",
      "type": "boolean"
     },
     "provider_network_status": {
      "enum": [
       "in_network",
       "out_of_network",
       "not_found"
      ],
      "type": "string",
      "description": "Requesting provider's status in the member's plan network"
     },
     "missing_information": {
      "items": {
       "type": "string"
      },
      "maxItems": 50,
      "type": [
       "array",
       "null"
      ],
      "description": "Only when request_complete=false: each missing item, named specifically"
     },
     "info_due": {
      "pattern": "^\\d{4}-\\d{2}-\\d{2}$",
      "type": [
       "string",
       "null"
      ],
      "description": "Only when request_complete=false: response due date YYYY-MM-DD (after today, UTC)"
     }
    },
    "required": [
     "acting_as",
     "case_id",
     "request_complete",
     "member_eligible",
     "service_covered",
     "provider_network_status"
    ],
    "type": "object"
   },
   "outputSchema": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "title": "PayerIntakeHubConfirmDecisionsResult",
    "type": "object",
    "required": [
     "id",
     "case_id",
     "packet_id",
     "status",
     "auth_type",
     "received_at",
     "channel",
     "urgency_level",
     "urgency_requested_by",
     "request_date",
     "service_start",
     "service_end",
     "place_of_service",
     "member_state",
     "member_eligibility_verified",
     "continuity_of_care",
     "diagnosis_type",
     "diagnoses",
     "decision_request_complete",
     "decision_member_eligible",
     "decision_service_covered",
     "decision_provider_network_status",
     "missing_information",
     "completed_by",
     "completed_at",
     "updated_at",
     "line_items",
     "requesting_provider"
    ]
   },
   "readOnlyHint": false
  },
  {
   "name": "payer_intake_hub_create_intake_case",
   "description": "Open the intake record (status new) for a submitted or resubmitted request, or return the existing one unchanged (created=false, nothing written). Receipt time and channel come from the latest submission. Returns the intake view plus `created`.",
   "inputSchema": {
    "additionalProperties": false,
    "properties": {
     "acting_as": {
      "description": "Your worker id",
      "type": "string"
     },
     "case_id": {
      "description": "PA case id, e.g. CASE-0001",
      "type": "string"
     },
     "auth_type": {
      "description": "Authorization type: ip inpatient, op outpatient, rx pharmacy",
      "enum": [
       "ip",
       "op",
       "rx"
      ],
      "type": "string"
     }
    },
    "required": [
     "acting_as",
     "case_id",
     "auth_type"
    ],
    "type": "object"
   },
   "outputSchema": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "title": "PayerIntakeHubCreateIntakeCaseResult",
    "type": "object",
    "required": [
     "id",
     "case_id",
     "packet_id",
     "status",
     "auth_type",
     "received_at",
     "channel",
     "urgency_level",
     "urgency_requested_by",
     "request_date",
     "service_start",
     "service_end",
     "place_of_service",
     "member_state",
     "member_eligibility_verified",
     "continuity_of_care",
     "diagnosis_type",
     "diagnoses",
     "decision_request_complete",
     "decision_member_eligible",
     "decision_service_covered",
     "decision_provider_network_status",
     "missing_information",
     "completed_by",
     "completed_at",
     "updated_at",
     "line_items",
     "requesting_provider",
     "created"
    ]
   },
   "readOnlyHint": false
  },
  {
   "name": "payer_intake_hub_get_intake_case",
   "description": "The intake record of a PA case: authorization header, diagnoses, requesting-provider block, line items, the four intake decisions (null until confirmed), the member's coverage as the eligibility system shows it, the request as received (channel, questionnaire answers), a directory match for the recorded requesting NPI (with plan-network status) and the payer-side documents (no bodies; read them in the review workspace; a long index is cut and listed under `more`).",
   "inputSchema": {
    "additionalProperties": false,
    "properties": {
     "acting_as": {
      "description": "Your worker id",
      "type": "string"
     },
     "case_id": {
      "description": "PA case id, e.g. CASE-0001",
      "type": "string"
     }
    },
    "required": [
     "acting_as",
     "case_id"
    ],
    "type": "object"
   },
   "outputSchema": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "title": "PayerIntakeHubGetIntakeCaseResult",
    "type": "object",
    "required": [
     "id",
     "case_id",
     "packet_id",
     "status",
     "auth_type",
     "received_at",
     "channel",
     "urgency_level",
     "urgency_requested_by",
     "request_date",
     "service_start",
     "service_end",
     "place_of_service",
     "member_state",
     "member_eligibility_verified",
     "continuity_of_care",
     "diagnosis_type",
     "diagnoses",
     "decision_request_complete",
     "decision_member_eligible",
     "decision_service_covered",
     "decision_provider_network_status",
     "missing_information",
     "completed_by",
     "completed_at",
     "updated_at",
     "line_items",
     "requesting_provider",
     "member",
     "request",
     "directory_match",
     "documents"
    ]
   },
   "readOnlyHint": true
  },
  {
   "name": "payer_intake_hub_list_documents",
   "description": "The payer-side documents of a case (the payer's copies of what the provider submitted, plus payer-generated ones): id, kind, title, date, author, signed, origin, received_at — no bodies (the review workspaces carry the bodies). Paged: pass next_offset back as offset (null = last page); total counts all.",
   "inputSchema": {
    "additionalProperties": false,
    "properties": {
     "acting_as": {
      "description": "Your worker id",
      "type": "string"
     },
     "case_id": {
      "description": "PA case id, e.g. CASE-0001",
      "type": "string"
     },
     "offset": {
      "default": 0,
      "description": "Skip this many: next_offset of the last page",
      "maximum": 1000000,
      "minimum": 0,
      "type": "integer"
     },
     "limit": {
      "default": 50,
      "description": "Page size",
      "maximum": 200,
      "minimum": 1,
      "type": "integer"
     }
    },
    "required": [
     "acting_as",
     "case_id"
    ],
    "type": "object"
   },
   "outputSchema": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "title": "PayerIntakeHubListDocumentsResult",
    "type": "object",
    "required": [
     "total",
     "offset",
     "limit",
     "next_offset",
     "documents"
    ]
   },
   "readOnlyHint": true
  },
  {
   "name": "payer_intake_hub_list_intake_queue",
   "description": "List received PA requests awaiting the payer, oldest receipt first (paginated). Each row: case_id, case_status, intake_id (null before intake exists), intake_status, workflow_state (awaiting_intake | intake_in_progress | awaiting_triage | awaiting_routing | case_<status>), received_at (UTC), channel, requested_urgency, member_name. Paged: pass next_offset back as offset (null = last page); total counts all.",
   "inputSchema": {
    "additionalProperties": false,
    "properties": {
     "acting_as": {
      "description": "Your worker id",
      "type": "string"
     },
     "offset": {
      "default": 0,
      "description": "Skip this many: next_offset of the last page",
      "maximum": 1000000,
      "minimum": 0,
      "type": "integer"
     },
     "limit": {
      "default": 50,
      "description": "Page size",
      "maximum": 200,
      "minimum": 1,
      "type": "integer"
     },
     "include_complete": {
      "default": false,
      "description": "Also list cases whose intake is already complete (default: only requests still awaiting intake work)",
      "type": "boolean"
     }
    },
    "required": [
     "acting_as"
    ],
    "type": "object"
   },
   "outputSchema": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "title": "PayerIntakeHubListIntakeQueueResult",
    "type": "object",
    "required": [
     "total",
     "offset",
     "limit",
     "next_offset",
     "cases"
    ]
   },
   "readOnlyHint": true
  },
  {
   "name": "payer_intake_hub_remove_line_item",
   "description": "Delete the intake line with this number (the other lines keep their numbers). Refused once the intake is complete. Returns the intake view.",
   "inputSchema": {
    "additionalProperties": false,
    "properties": {
     "acting_as": {
      "description": "Your worker id",
      "type": "string"
     },
     "case_id": {
      "description": "PA case id, e.g. CASE-0001",
      "type": "string"
     },
     "line_number": {
      "description": "The line to remove",
      "maximum": 99,
      "minimum": 1,
      "type": "integer"
     }
    },
    "required": [
     "acting_as",
     "case_id",
     "line_number"
    ],
    "type": "object"
   },
   "outputSchema": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "title": "PayerIntakeHubRemoveLineItemResult",
    "type": "object",
    "required": [
     "id",
     "case_id",
     "packet_id",
     "status",
     "auth_type",
     "received_at",
     "channel",
     "urgency_level",
     "urgency_requested_by",
     "request_date",
     "service_start",
     "service_end",
     "place_of_service",
     "member_state",
     "member_eligibility_verified",
     "continuity_of_care",
     "diagnosis_type",
     "diagnoses",
     "decision_request_complete",
     "decision_member_eligible",
     "decision_service_covered",
     "decision_provider_network_status",
     "missing_information",
     "completed_by",
     "completed_at",
     "updated_at",
     "line_items",
     "requesting_provider"
    ]
   },
   "readOnlyHint": false
  },
  {
   "name": "payer_intake_hub_save_auth_header",
   "description": "Partial update of the intake's authorization header: only the fields you pass change (at least one). The first edit moves the intake new → in_progress. Refused once the intake is complete (its header is frozen). Returns the intake view.",
   "inputSchema": {
    "additionalProperties": false,
    "properties": {
     "acting_as": {
      "description": "Your worker id",
      "type": "string"
     },
     "case_id": {
      "description": "PA case id, e.g. CASE-0001",
      "type": "string"
     },
     "urgency_level": {
      "enum": [
       "stat",
       "urgent",
       "routine",
       null
      ],
      "type": [
       "string",
       "null"
      ],
      "description": "Urgency of the request as the payer classifies it"
     },
     "urgency_requested_by": {
      "enum": [
       "provider",
       "member",
       "payer",
       null
      ],
      "type": [
       "string",
       "null"
      ],
      "description": "Who asked for that urgency"
     },
     "request_date": {
      "pattern": "^\\d{4}-\\d{2}-\\d{2}$",
      "type": [
       "string",
       "null"
      ],
      "description": "Date the request was made, YYYY-MM-DD (not after today)"
     },
     "service_start": {
      "pattern": "^\\d{4}-\\d{2}-\\d{2}$",
      "type": [
       "string",
       "null"
      ],
      "description": "Requested service start, YYYY-MM-DD"
     },
     "service_end": {
      "pattern": "^\\d{4}-\\d{2}-\\d{2}$",
      "type": [
       "string",
       "null"
      ],
      "description": "Requested service end, YYYY-MM-DD (not before service_start)"
     },
     "place_of_service": {
      "enum": [
       "11",
       "12",
       "10",
       "21",
       "22",
       "23",
       "24",
       "19",
       "81",
       "49",
       "62",
       null
      ],
      "type": [
       "string",
       "null"
      ],
      "description": "CMS two-digit place-of-service code: 10 telehealth in the home, 11 office, 12 home, 19 off-campus outpatient hospital, 21 inpatient hospital, 22 on-campus outpatient hospital, 23 emergency room, 24 ambulatory surgical center, 49 independent diagnostic testing facility, 62 outpatient rehabilitation, 81 independent laboratory"
     },
     "member_state": {
      "pattern": "^[A-Z]{2}$",
      "type": [
       "string",
       "null"
      ],
      "description": "Member's state, USPS code (e.g. OH)"
     },
     "member_eligibility_verified": {
      "type": [
       "boolean",
       "null"
      ],
      "description": "Whether you verified eligibility on the service date"
     },
     "continuity_of_care": {
      "type": [
       "boolean",
       "null"
      ],
      "description": "Whether the request is a continuity-of-care request"
     }
    },
    "required": [
     "acting_as",
     "case_id"
    ],
    "type": "object"
   },
   "outputSchema": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "title": "PayerIntakeHubSaveAuthHeaderResult",
    "type": "object",
    "required": [
     "id",
     "case_id",
     "packet_id",
     "status",
     "auth_type",
     "received_at",
     "channel",
     "urgency_level",
     "urgency_requested_by",
     "request_date",
     "service_start",
     "service_end",
     "place_of_service",
     "member_state",
     "member_eligibility_verified",
     "continuity_of_care",
     "diagnosis_type",
     "diagnoses",
     "decision_request_complete",
     "decision_member_eligible",
     "decision_service_covered",
     "decision_provider_network_status",
     "missing_information",
     "completed_by",
     "completed_at",
     "updated_at",
     "line_items",
     "requesting_provider"
    ]
   },
   "readOnlyHint": false
  },
  {
   "name": "payer_intake_hub_save_diagnoses",
   "description": "Replace the intake's diagnosis list (codes validated as billable ICD-10-CM, exactly one primary) and optionally the diagnosis type. Refused once the intake is complete. Returns the intake view.",
   "inputSchema": {
    "$defs": {
     "DiagnosisIn": {
      "additionalProperties": false,
      "properties": {
       "code": {
        "description": "Billable ICD-10-CM code with its dot, e.g. Z80.3",
        "minLength": 3,
        "type": "string"
       },
       "is_primary": {
        "description": "True for exactly one diagnosis (the primary)",
        "type": "boolean"
       },
       "display": {
        "maxLength": 300,
        "type": [
         "string",
         "null"
        ],
        "description": "Description (default: the code set's official description)"
       }
      },
      "required": [
       "code",
       "is_primary"
      ],
      "type": "object"
     }
    },
    "additionalProperties": false,
    "properties": {
     "acting_as": {
      "description": "Your worker id",
      "type": "string"
     },
     "case_id": {
      "description": "PA case id, e.g. CASE-0001",
      "type": "string"
     },
     "diagnoses": {
      "description": "The complete diagnosis list (1–12, X12 278 limit; no duplicates); replaces the saved list",
      "items": {
       "$ref": "#/$defs/DiagnosisIn"
      },
      "maxItems": 12,
      "minItems": 1,
      "type": "array"
     },
     "diagnosis_type": {
      "enum": [
       "medical",
       "behavioral",
       "dental",
       "vision",
       null
      ],
      "type": [
       "string",
       "null"
      ],
      "description": "Diagnosis-type header (unchanged when omitted)"
     }
    },
    "required": [
     "acting_as",
     "case_id",
     "diagnoses"
    ],
    "type": "object"
   },
   "outputSchema": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "title": "PayerIntakeHubSaveDiagnosesResult",
    "type": "object",
    "required": [
     "id",
     "case_id",
     "packet_id",
     "status",
     "auth_type",
     "received_at",
     "channel",
     "urgency_level",
     "urgency_requested_by",
     "request_date",
     "service_start",
     "service_end",
     "place_of_service",
     "member_state",
     "member_eligibility_verified",
     "continuity_of_care",
     "diagnosis_type",
     "diagnoses",
     "decision_request_complete",
     "decision_member_eligible",
     "decision_service_covered",
     "decision_provider_network_status",
     "missing_information",
     "completed_by",
     "completed_at",
     "updated_at",
     "line_items",
     "requesting_provider"
    ]
   },
   "readOnlyHint": false
  },
  {
   "name": "payer_intake_hub_save_requesting_provider",
   "description": "Replace the intake's requesting-provider block {npi, name, organization, specialty, phone, fax}. The gold-card check and the directory match use exactly this NPI. Refused once the intake is complete. Returns the intake view.",
   "inputSchema": {
    "additionalProperties": false,
    "properties": {
     "acting_as": {
      "description": "Your worker id",
      "type": "string"
     },
     "case_id": {
      "description": "PA case id, e.g. CASE-0001",
      "type": "string"
     },
     "npi": {
      "description": "Requesting provider's 10-digit NPI (Luhn check digit)",
      "pattern": "^\\d{10}$",
      "type": "string"
     },
     "name": {
      "description": "Requesting provider's name",
      "maxLength": 200,
      "type": "string"
     },
     "organization": {
      "maxLength": 200,
      "type": [
       "string",
       "null"
      ],
      "description": "Practice or facility name"
     },
     "specialty": {
      "maxLength": 200,
      "type": [
       "string",
       "null"
      ],
      "description": "Specialty"
     },
     "phone": {
      "maxLength": 200,
      "type": [
       "string",
       "null"
      ],
      "description": "Phone for this authorization"
     },
     "fax": {
      "maxLength": 200,
      "type": [
       "string",
       "null"
      ],
      "description": "Fax for this authorization"
     }
    },
    "required": [
     "acting_as",
     "case_id",
     "npi",
     "name"
    ],
    "type": "object"
   },
   "outputSchema": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "title": "PayerIntakeHubSaveRequestingProviderResult",
    "type": "object",
    "required": [
     "id",
     "case_id",
     "packet_id",
     "status",
     "auth_type",
     "received_at",
     "channel",
     "urgency_level",
     "urgency_requested_by",
     "request_date",
     "service_start",
     "service_end",
     "place_of_service",
     "member_state",
     "member_eligibility_verified",
     "continuity_of_care",
     "diagnosis_type",
     "diagnoses",
     "decision_request_complete",
     "decision_member_eligible",
     "decision_service_covered",
     "decision_provider_network_status",
     "missing_information",
     "completed_by",
     "completed_at",
     "updated_at",
     "line_items",
     "requesting_provider"
    ]
   },
   "readOnlyHint": false
  },
  {
   "name": "payer_intake_hub_update_line_item",
   "description": "Change fields of the line with this number (omitted fields keep their value; at least one change); the merged line is validated like a new one. Refused once the intake is complete. Returns the intake view.",
   "inputSchema": {
    "additionalProperties": false,
    "properties": {
     "acting_as": {
      "description": "Your worker id",
      "type": "string"
     },
     "case_id": {
      "description": "PA case id, e.g. CASE-0001",
      "type": "string"
     },
     "line_number": {
      "description": "The line to change",
      "maximum": 99,
      "minimum": 1,
      "type": "integer"
     },
     "system": {
      "enum": [
       "CPT",
       "HCPCS",
       "ICD-10-PCS",
       null
      ],
      "type": [
       "string",
       "null"
      ],
      "description": "New code system"
     },
     "code": {
      "type": [
       "string",
       "null"
      ],
      "description": "New procedure code"
     },
     "display": {
      "maxLength": 300,
      "type": [
       "string",
       "null"
      ],
      "description": "New description"
     },
     "units": {
      "maximum": 999,
      "minimum": 1,
      "type": [
       "integer",
       "null"
      ],
      "description": "New requested units"
     },
     "modifier": {
      "type": [
       "string",
       "null"
      ],
      "description": "New modifier; an empty string clears it"
     },
     "place_of_service": {
      "enum": [
       "11",
       "12",
       "10",
       "21",
       "22",
       "23",
       "24",
       "19",
       "81",
       "49",
       "62",
       null
      ],
      "type": [
       "string",
       "null"
      ],
      "description": "CMS two-digit place-of-service code: 10 telehealth in the home, 11 office, 12 home, 19 off-campus outpatient hospital, 21 inpatient hospital, 22 on-campus outpatient hospital, 23 emergency room, 24 ambulatory surgical center, 49 independent diagnostic testing facility, 62 outpatient rehabilitation, 81 independent laboratory"
     },
     "service_start": {
      "pattern": "^\\d{4}-\\d{2}-\\d{2}$",
      "type": [
       "string",
       "null"
      ],
      "description": "New line service start, YYYY-MM-DD"
     },
     "service_end": {
      "pattern": "^\\d{4}-\\d{2}-\\d{2}$",
      "type": [
       "string",
       "null"
      ],
      "description": "New line service end, YYYY-MM-DD"
     }
    },
    "required": [
     "acting_as",
     "case_id",
     "line_number"
    ],
    "type": "object"
   },
   "outputSchema": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "title": "PayerIntakeHubUpdateLineItemResult",
    "type": "object",
    "required": [
     "id",
     "case_id",
     "packet_id",
     "status",
     "auth_type",
     "received_at",
     "channel",
     "urgency_level",
     "urgency_requested_by",
     "request_date",
     "service_start",
     "service_end",
     "place_of_service",
     "member_state",
     "member_eligibility_verified",
     "continuity_of_care",
     "diagnosis_type",
     "diagnoses",
     "decision_request_complete",
     "decision_member_eligible",
     "decision_service_covered",
     "decision_provider_network_status",
     "missing_information",
     "completed_by",
     "completed_at",
     "updated_at",
     "line_items",
     "requesting_provider"
    ]
   },
   "readOnlyHint": false
  },
  {
   "name": "payer_letter_center_audit_completeness",
   "description": "Audit a letter as written against everything its type must state: {letter_id, letter_type, complete, missing_fields, problems}. Writes nothing; delivery runs the same audit.",
   "inputSchema": {
    "additionalProperties": false,
    "properties": {
     "acting_as": {
      "description": "Your worker id",
      "type": "string"
     },
     "letter_id": {
      "description": "Letter id, e.g. LET-0001",
      "type": "string"
     }
    },
    "required": [
     "acting_as",
     "letter_id"
    ],
    "type": "object"
   },
   "outputSchema": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "title": "PayerLetterCenterAuditCompletenessResult",
    "type": "object",
    "required": [
     "letter_id",
     "letter_type",
     "complete",
     "missing_fields",
     "problems"
    ]
   },
   "readOnlyHint": true
  },
  {
   "name": "payer_letter_center_deliver",
   "description": "Deliver a draft letter (draft → delivered) on a channel: copies it to the shared workspace and, for provider letters, the provider's inbox. Refused unless the completeness audit passes on what was written (the refusal's details list missing_fields and problems), and when the determination it rests on is no longer active (or the case is no longer pended). Returns the letter, artifact_id and inbox_message_id.",
   "inputSchema": {
    "additionalProperties": false,
    "properties": {
     "acting_as": {
      "description": "Your worker id",
      "type": "string"
     },
     "letter_id": {
      "description": "Letter id, e.g. LET-0001",
      "type": "string"
     },
     "channel": {
      "enum": [
       "portal",
       "fax",
       "mail",
       "api"
      ],
      "type": "string",
      "description": "Delivery channel"
     }
    },
    "required": [
     "acting_as",
     "letter_id",
     "channel"
    ],
    "type": "object"
   },
   "outputSchema": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "title": "PayerLetterCenterDeliverResult",
    "type": "object",
    "required": [
     "id",
     "case_id",
     "letter_type",
     "status",
     "determination_id",
     "recipient",
     "subject",
     "body",
     "policy_citations",
     "signer_id",
     "created_at",
     "delivered_at",
     "delivery_channel",
     "reissued_from",
     "fields",
     "audit",
     "artifact_id",
     "inbox_message_id"
    ]
   },
   "readOnlyHint": false
  },
  {
   "name": "payer_letter_center_generate_approval",
   "description": "Draft an approval letter exactly as written (status draft, signed by you, not yet sent); needs the case's active approved determination. The stored audit shows whether delivery would pass. Returns the letter (LET-…).",
   "inputSchema": {
    "$defs": {
     "ApprovalFields": {
      "additionalProperties": false,
      "properties": {
       "member_name": {
        "maxLength": 200,
        "type": [
         "string",
         "null"
        ],
        "description": "Member's full name"
       },
       "member_id": {
        "type": [
         "string",
         "null"
        ],
        "description": "Member id on the coverage (in body)"
       },
       "case_reference": {
        "type": [
         "string",
         "null"
        ],
        "description": "The PA case id, e.g. CASE-0001 (in body)"
       },
       "service_description": {
        "maxLength": 2000,
        "type": [
         "string",
         "null"
        ],
        "description": "The service requested, in words"
       },
       "service_codes": {
        "items": {
         "type": "string"
        },
        "maxItems": 50,
        "type": [
         "array",
         "null"
        ],
        "description": "Procedure codes of the request's lines"
       },
       "plan_name": {
        "maxLength": 200,
        "type": [
         "string",
         "null"
        ],
        "description": "Member's health plan"
       },
       "letter_date": {
        "type": [
         "string",
         "null"
        ],
        "description": "Date of the letter, YYYY-MM-DD"
       },
       "signer_name": {
        "maxLength": 200,
        "type": [
         "string",
         "null"
        ],
        "description": "Name of the signing reviewer (you)"
       },
       "signer_credentials": {
        "maxLength": 100,
        "type": [
         "string",
         "null"
        ],
        "description": "Signer's credentials, e.g. MD or RN"
       },
       "authorization_number": {
        "type": [
         "string",
         "null"
        ],
        "description": "The determination's authorization number (in body)"
       },
       "approved_lines": {
        "items": {
         "$ref": "#/$defs/LetterLine"
        },
        "maxItems": 99,
        "type": [
         "array",
         "null"
        ],
        "description": "Each approved line"
       },
       "valid_from": {
        "type": [
         "string",
         "null"
        ],
        "description": "Authorization valid from, YYYY-MM-DD"
       },
       "valid_to": {
        "type": [
         "string",
         "null"
        ],
        "description": "Authorization valid to, YYYY-MM-DD"
       }
      },
      "type": "object"
     },
     "LetterLine": {
      "additionalProperties": false,
      "properties": {
       "line_number": {
        "description": "Line number",
        "maximum": 99,
        "minimum": 1,
        "type": "integer"
       },
       "code": {
        "description": "Procedure code of the line",
        "type": "string"
       },
       "approved_units": {
        "description": "Units approved on this line",
        "maximum": 999,
        "minimum": 0,
        "type": "integer"
       }
      },
      "required": [
       "line_number",
       "code",
       "approved_units"
      ],
      "type": "object"
     }
    },
    "additionalProperties": false,
    "properties": {
     "acting_as": {
      "description": "Your worker id",
      "type": "string"
     },
     "case_id": {
      "description": "PA case id, e.g. CASE-0001",
      "type": "string"
     },
     "fields": {
      "$ref": "#/$defs/ApprovalFields",
      "description": "The letter's structured content exactly as you write it — nothing is filled in for you. The completeness audit (payer_letter_center_audit_completeness) reports every key left out or empty, and delivery is refused until it passes"
     },
     "body": {
      "description": "The letter as its recipient reads it, in full (at least 200 characters). Identifiers marked 'in body' below must appear in it verbatim",
      "maxLength": 20000,
      "type": "string"
     },
     "subject": {
      "description": "Subject line",
      "maxLength": 300,
      "type": "string"
     },
     "recipient": {
      "enum": [
       "provider",
       "member"
      ],
      "type": "string",
      "description": "Addressee: provider (also placed in the provider's inbox on delivery) or member"
     }
    },
    "required": [
     "acting_as",
     "case_id",
     "fields",
     "body",
     "subject",
     "recipient"
    ],
    "type": "object"
   },
   "outputSchema": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "title": "PayerLetterCenterGenerateApprovalResult",
    "type": "object",
    "required": [
     "id",
     "case_id",
     "letter_type",
     "status",
     "determination_id",
     "recipient",
     "subject",
     "body",
     "policy_citations",
     "signer_id",
     "created_at",
     "delivered_at",
     "delivery_channel",
     "reissued_from",
     "fields",
     "audit"
    ]
   },
   "readOnlyHint": false
  },
  {
   "name": "payer_letter_center_generate_denial",
   "description": "Draft a denial letter exactly as written (specific reasons, policy basis, appeal and external review rights, peer-to-peer offer, criteria access); needs the case's active denied determination. Passes the audit only when signed by a physician reviewer. Returns the draft letter with its audit.",
   "inputSchema": {
    "$defs": {
     "DenialFields": {
      "additionalProperties": false,
      "properties": {
       "member_name": {
        "maxLength": 200,
        "type": [
         "string",
         "null"
        ],
        "description": "Member's full name"
       },
       "member_id": {
        "type": [
         "string",
         "null"
        ],
        "description": "Member id on the coverage (in body)"
       },
       "case_reference": {
        "type": [
         "string",
         "null"
        ],
        "description": "The PA case id, e.g. CASE-0001 (in body)"
       },
       "service_description": {
        "maxLength": 2000,
        "type": [
         "string",
         "null"
        ],
        "description": "The service requested, in words"
       },
       "service_codes": {
        "items": {
         "type": "string"
        },
        "maxItems": 50,
        "type": [
         "array",
         "null"
        ],
        "description": "Procedure codes of the request's lines"
       },
       "plan_name": {
        "maxLength": 200,
        "type": [
         "string",
         "null"
        ],
        "description": "Member's health plan"
       },
       "letter_date": {
        "type": [
         "string",
         "null"
        ],
        "description": "Date of the letter, YYYY-MM-DD"
       },
       "signer_name": {
        "maxLength": 200,
        "type": [
         "string",
         "null"
        ],
        "description": "Name of the signing reviewer (you)"
       },
       "signer_credentials": {
        "maxLength": 100,
        "type": [
         "string",
         "null"
        ],
        "description": "Signer's credentials, e.g. MD or RN"
       },
       "criteria_not_met": {
        "items": {
         "type": "string"
        },
        "maxItems": 50,
        "type": [
         "array",
         "null"
        ],
        "description": "Each criterion not met and specifically why"
       },
       "policy_citations": {
        "items": {
         "type": "string"
        },
        "maxItems": 50,
        "type": [
         "array",
         "null"
        ],
        "description": "'<policy-id> §<n>' sections relied on (each in body)"
       },
       "appeal_rights": {
        "maxLength": 20000,
        "type": [
         "string",
         "null"
        ],
        "description": "How to appeal"
       },
       "appeal_deadline_days": {
        "maximum": 365,
        "minimum": 1,
        "type": [
         "integer",
         "null"
        ],
        "description": "Days the recipient has to appeal (the number in body)"
       },
       "external_review_rights": {
        "maxLength": 20000,
        "type": [
         "string",
         "null"
        ],
        "description": "The right to independent external review and how"
       },
       "peer_to_peer_offer": {
        "maxLength": 20000,
        "type": [
         "string",
         "null"
        ],
        "description": "How the ordering provider can request a peer-to-peer discussion"
       },
       "criteria_access": {
        "maxLength": 20000,
        "type": [
         "string",
         "null"
        ],
        "description": "How to obtain the criteria used, free of charge"
       }
      },
      "type": "object"
     }
    },
    "additionalProperties": false,
    "properties": {
     "acting_as": {
      "description": "Your worker id",
      "type": "string"
     },
     "case_id": {
      "description": "PA case id, e.g. CASE-0001",
      "type": "string"
     },
     "fields": {
      "$ref": "#/$defs/DenialFields",
      "description": "The letter's structured content exactly as you write it — nothing is filled in for you. The completeness audit (payer_letter_center_audit_completeness) reports every key left out or empty, and delivery is refused until it passes"
     },
     "body": {
      "description": "The letter as its recipient reads it, in full (at least 200 characters). Identifiers marked 'in body' below must appear in it verbatim",
      "maxLength": 20000,
      "type": "string"
     },
     "subject": {
      "description": "Subject line",
      "maxLength": 300,
      "type": "string"
     },
     "recipient": {
      "enum": [
       "provider",
       "member"
      ],
      "type": "string",
      "description": "Addressee: provider (also placed in the provider's inbox on delivery) or member"
     }
    },
    "required": [
     "acting_as",
     "case_id",
     "fields",
     "body",
     "subject",
     "recipient"
    ],
    "type": "object"
   },
   "outputSchema": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "title": "PayerLetterCenterGenerateDenialResult",
    "type": "object",
    "required": [
     "id",
     "case_id",
     "letter_type",
     "status",
     "determination_id",
     "recipient",
     "subject",
     "body",
     "policy_citations",
     "signer_id",
     "created_at",
     "delivered_at",
     "delivery_channel",
     "reissued_from",
     "fields",
     "audit"
    ]
   },
   "readOnlyHint": false
  },
  {
   "name": "payer_letter_center_generate_notification",
   "description": "Write a member-facing notification (MN-…) exactly as authored, addressed to the patient on the case; nothing is filled in. Returns the notification.",
   "inputSchema": {
    "additionalProperties": false,
    "properties": {
     "acting_as": {
      "description": "Your worker id",
      "type": "string"
     },
     "case_id": {
      "description": "PA case id, e.g. CASE-0001",
      "type": "string"
     },
     "notification_type": {
      "enum": [
       "approval",
       "denial",
       "pend",
       "no_auth_required",
       "appeal_rights",
       "appeal_outcome"
      ],
      "type": "string",
      "description": "Must match the case: approval / denial (an active determination of that kind; partial approvals take either), pend (case pended), no_auth_required (case closed as not requiring authorization), appeal_rights (adverse determination or upheld appeal), appeal_outcome (an appeal decided)"
     },
     "body": {
      "description": "The notice as the member reads it, in plain language",
      "maxLength": 20000,
      "type": "string"
     },
     "language": {
      "description": "Language the body is written in, e.g. English",
      "type": "string"
     },
     "channel": {
      "enum": [
       "mail",
       "portal",
       "email"
      ],
      "type": "string",
      "description": "How the member receives it"
     }
    },
    "required": [
     "acting_as",
     "case_id",
     "notification_type",
     "body",
     "language",
     "channel"
    ],
    "type": "object"
   },
   "outputSchema": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "title": "PayerLetterCenterGenerateNotificationResult",
    "type": "object",
    "required": [
     "id",
     "case_id",
     "patient_id",
     "notification_type",
     "body",
     "language",
     "channel",
     "created_by",
     "created_at"
    ]
   },
   "readOnlyHint": false
  },
  {
   "name": "payer_letter_center_generate_partial_approval",
   "description": "Draft a partial-approval letter (per-line outcomes) exactly as written; needs the case's active partially_approved determination. An adverse letter passes the audit only when signed by a physician reviewer. Returns the draft letter with its audit.",
   "inputSchema": {
    "$defs": {
     "DeniedLineReason": {
      "additionalProperties": false,
      "properties": {
       "line_number": {
        "description": "Denied line",
        "maximum": 99,
        "minimum": 1,
        "type": "integer"
       },
       "reason": {
        "description": "The specific reason this line was denied",
        "maxLength": 20000,
        "type": "string"
       }
      },
      "required": [
       "line_number",
       "reason"
      ],
      "type": "object"
     },
     "LineOutcome": {
      "additionalProperties": false,
      "properties": {
       "line_number": {
        "description": "Line number",
        "maximum": 99,
        "minimum": 1,
        "type": "integer"
       },
       "code": {
        "description": "Procedure code of the line",
        "type": "string"
       },
       "outcome": {
        "enum": [
         "approved",
         "denied"
        ],
        "type": "string",
        "description": "Outcome of this line"
       },
       "approved_units": {
        "description": "Units approved (0 for a denied line)",
        "maximum": 999,
        "minimum": 0,
        "type": "integer"
       }
      },
      "required": [
       "line_number",
       "code",
       "outcome",
       "approved_units"
      ],
      "type": "object"
     },
     "PartialApprovalFields": {
      "additionalProperties": false,
      "properties": {
       "member_name": {
        "maxLength": 200,
        "type": [
         "string",
         "null"
        ],
        "description": "Member's full name"
       },
       "member_id": {
        "type": [
         "string",
         "null"
        ],
        "description": "Member id on the coverage (in body)"
       },
       "case_reference": {
        "type": [
         "string",
         "null"
        ],
        "description": "The PA case id, e.g. CASE-0001 (in body)"
       },
       "service_description": {
        "maxLength": 2000,
        "type": [
         "string",
         "null"
        ],
        "description": "The service requested, in words"
       },
       "service_codes": {
        "items": {
         "type": "string"
        },
        "maxItems": 50,
        "type": [
         "array",
         "null"
        ],
        "description": "Procedure codes of the request's lines"
       },
       "plan_name": {
        "maxLength": 200,
        "type": [
         "string",
         "null"
        ],
        "description": "Member's health plan"
       },
       "letter_date": {
        "type": [
         "string",
         "null"
        ],
        "description": "Date of the letter, YYYY-MM-DD"
       },
       "signer_name": {
        "maxLength": 200,
        "type": [
         "string",
         "null"
        ],
        "description": "Name of the signing reviewer (you)"
       },
       "signer_credentials": {
        "maxLength": 100,
        "type": [
         "string",
         "null"
        ],
        "description": "Signer's credentials, e.g. MD or RN"
       },
       "authorization_number": {
        "type": [
         "string",
         "null"
        ],
        "description": "The determination's authorization number (in body)"
       },
       "line_outcomes": {
        "items": {
         "$ref": "#/$defs/LineOutcome"
        },
        "maxItems": 99,
        "type": [
         "array",
         "null"
        ],
        "description": "The outcome of every line"
       },
       "denied_line_reasons": {
        "items": {
         "$ref": "#/$defs/DeniedLineReason"
        },
        "maxItems": 99,
        "type": [
         "array",
         "null"
        ],
        "description": "The specific reason for each denied line"
       },
       "appeal_rights": {
        "maxLength": 20000,
        "type": [
         "string",
         "null"
        ],
        "description": "How and by when to appeal the denied part"
       },
       "policy_citations": {
        "items": {
         "type": "string"
        },
        "maxItems": 50,
        "type": [
         "array",
         "null"
        ],
        "description": "'<policy-id> §<n>' sections relied on (each in body)"
       }
      },
      "type": "object"
     }
    },
    "additionalProperties": false,
    "properties": {
     "acting_as": {
      "description": "Your worker id",
      "type": "string"
     },
     "case_id": {
      "description": "PA case id, e.g. CASE-0001",
      "type": "string"
     },
     "fields": {
      "$ref": "#/$defs/PartialApprovalFields",
      "description": "The letter's structured content exactly as you write it — nothing is filled in for you. The completeness audit (payer_letter_center_audit_completeness) reports every key left out or empty, and delivery is refused until it passes"
     },
     "body": {
      "description": "The letter as its recipient reads it, in full (at least 200 characters). Identifiers marked 'in body' below must appear in it verbatim",
      "maxLength": 20000,
      "type": "string"
     },
     "subject": {
      "description": "Subject line",
      "maxLength": 300,
      "type": "string"
     },
     "recipient": {
      "enum": [
       "provider",
       "member"
      ],
      "type": "string",
      "description": "Addressee: provider (also placed in the provider's inbox on delivery) or member"
     }
    },
    "required": [
     "acting_as",
     "case_id",
     "fields",
     "body",
     "subject",
     "recipient"
    ],
    "type": "object"
   },
   "outputSchema": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "title": "PayerLetterCenterGeneratePartialApprovalResult",
    "type": "object",
    "required": [
     "id",
     "case_id",
     "letter_type",
     "status",
     "determination_id",
     "recipient",
     "subject",
     "body",
     "policy_citations",
     "signer_id",
     "created_at",
     "delivered_at",
     "delivery_channel",
     "reissued_from",
     "fields",
     "audit"
    ]
   },
   "readOnlyHint": false
  },
  {
   "name": "payer_letter_center_generate_pend",
   "description": "Draft a pend (request-for-information) letter exactly as written; needs the case in pended_action_required. Returns the draft letter with its audit.",
   "inputSchema": {
    "$defs": {
     "PendFields": {
      "additionalProperties": false,
      "properties": {
       "member_name": {
        "maxLength": 200,
        "type": [
         "string",
         "null"
        ],
        "description": "Member's full name"
       },
       "member_id": {
        "type": [
         "string",
         "null"
        ],
        "description": "Member id on the coverage (in body)"
       },
       "case_reference": {
        "type": [
         "string",
         "null"
        ],
        "description": "The PA case id, e.g. CASE-0001 (in body)"
       },
       "service_description": {
        "maxLength": 2000,
        "type": [
         "string",
         "null"
        ],
        "description": "The service requested, in words"
       },
       "service_codes": {
        "items": {
         "type": "string"
        },
        "maxItems": 50,
        "type": [
         "array",
         "null"
        ],
        "description": "Procedure codes of the request's lines"
       },
       "plan_name": {
        "maxLength": 200,
        "type": [
         "string",
         "null"
        ],
        "description": "Member's health plan"
       },
       "letter_date": {
        "type": [
         "string",
         "null"
        ],
        "description": "Date of the letter, YYYY-MM-DD"
       },
       "signer_name": {
        "maxLength": 200,
        "type": [
         "string",
         "null"
        ],
        "description": "Name of the signing reviewer (you)"
       },
       "signer_credentials": {
        "maxLength": 100,
        "type": [
         "string",
         "null"
        ],
        "description": "Signer's credentials, e.g. MD or RN"
       },
       "missing_items": {
        "items": {
         "type": "string"
        },
        "maxItems": 50,
        "type": [
         "array",
         "null"
        ],
        "description": "Each item needed, named specifically"
       },
       "response_due": {
        "type": [
         "string",
         "null"
        ],
        "description": "Response due date, YYYY-MM-DD (in body)"
       },
       "submission_instructions": {
        "maxLength": 20000,
        "type": [
         "string",
         "null"
        ],
        "description": "How and where to send the information"
       }
      },
      "type": "object"
     }
    },
    "additionalProperties": false,
    "properties": {
     "acting_as": {
      "description": "Your worker id",
      "type": "string"
     },
     "case_id": {
      "description": "PA case id, e.g. CASE-0001",
      "type": "string"
     },
     "fields": {
      "$ref": "#/$defs/PendFields",
      "description": "The letter's structured content exactly as you write it — nothing is filled in for you. The completeness audit (payer_letter_center_audit_completeness) reports every key left out or empty, and delivery is refused until it passes"
     },
     "body": {
      "description": "The letter as its recipient reads it, in full (at least 200 characters). Identifiers marked 'in body' below must appear in it verbatim",
      "maxLength": 20000,
      "type": "string"
     },
     "subject": {
      "description": "Subject line",
      "maxLength": 300,
      "type": "string"
     },
     "recipient": {
      "enum": [
       "provider",
       "member"
      ],
      "type": "string",
      "description": "Addressee: provider (also placed in the provider's inbox on delivery) or member"
     }
    },
    "required": [
     "acting_as",
     "case_id",
     "fields",
     "body",
     "subject",
     "recipient"
    ],
    "type": "object"
   },
   "outputSchema": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "title": "PayerLetterCenterGeneratePendResult",
    "type": "object",
    "required": [
     "id",
     "case_id",
     "letter_type",
     "status",
     "determination_id",
     "recipient",
     "subject",
     "body",
     "policy_citations",
     "signer_id",
     "created_at",
     "delivered_at",
     "delivery_channel",
     "reissued_from",
     "fields",
     "audit"
    ]
   },
   "readOnlyHint": false
  },
  {
   "name": "payer_letter_center_get",
   "description": "One letter: type, status, determination it rests on, recipient, subject, body, fields, signer, delivery channel and time, reissued_from, and its last stored audit. A body longer than 6,000 characters comes in windows: `body_chars` is its length and `body_next_offset` (null at the end) the body_offset to pass to payer_letter_center_get.",
   "inputSchema": {
    "additionalProperties": false,
    "properties": {
     "acting_as": {
      "description": "Your worker id",
      "type": "string"
     },
     "letter_id": {
      "description": "Letter id, e.g. LET-0001",
      "type": "string"
     },
     "body_offset": {
      "default": 0,
      "description": "Body start: body_next_offset of the last call",
      "maximum": 1000000,
      "minimum": 0,
      "type": "integer"
     }
    },
    "required": [
     "acting_as",
     "letter_id"
    ],
    "type": "object"
   },
   "outputSchema": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "title": "PayerLetterCenterGetResult",
    "type": "object",
    "required": [
     "id",
     "case_id",
     "letter_type",
     "status",
     "determination_id",
     "recipient",
     "subject",
     "body",
     "policy_citations",
     "signer_id",
     "created_at",
     "delivered_at",
     "delivery_channel",
     "reissued_from",
     "fields",
     "audit"
    ]
   },
   "readOnlyHint": true
  },
  {
   "name": "payer_letter_center_list",
   "description": "Letters in every status (draft, delivered, superseded), oldest first (paginated), optionally for one case, with their fields, body (long bodies windowed as in payer_letter_center_get), signer, delivery and last audit. Paged: pass next_offset back as offset (null = last page); total counts all.",
   "inputSchema": {
    "additionalProperties": false,
    "properties": {
     "acting_as": {
      "description": "Your worker id",
      "type": "string"
     },
     "case_id": {
      "type": [
       "string",
       "null"
      ],
      "description": "Only this case's letters (default: all)"
     },
     "offset": {
      "default": 0,
      "description": "Skip this many: next_offset of the last page",
      "maximum": 1000000,
      "minimum": 0,
      "type": "integer"
     },
     "limit": {
      "default": 10,
      "description": "Page size",
      "maximum": 50,
      "minimum": 1,
      "type": "integer"
     }
    },
    "required": [
     "acting_as"
    ],
    "type": "object"
   },
   "outputSchema": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "title": "PayerLetterCenterListResult",
    "type": "object",
    "required": [
     "total",
     "offset",
     "limit",
     "next_offset",
     "letters"
    ]
   },
   "readOnlyHint": true
  },
  {
   "name": "payer_letter_center_reissue",
   "description": "Replace a draft or delivered letter: a new draft letter (new id, reissued_from = the old one) carrying the fields/body/subject you pass (each omitted one copied from the old letter); the old letter → superseded. The new letter must be delivered. Returns the new draft with its audit.",
   "inputSchema": {
    "additionalProperties": false,
    "properties": {
     "acting_as": {
      "description": "Your worker id",
      "type": "string"
     },
     "letter_id": {
      "description": "Letter id, e.g. LET-0001",
      "type": "string"
     },
     "reason": {
      "description": "Why the letter is reissued (recorded)",
      "maxLength": 4000,
      "type": "string"
     },
     "fields": {
      "anyOf": [
       {
        "additionalProperties": true,
        "type": "object"
       },
       {
        "type": "null"
       }
      ],
      "description": "Replacement fields object — the same keys as the generate tool of the letter's type; replaces the old fields whole (omit to keep them)"
     },
     "body": {
      "maxLength": 20000,
      "type": [
       "string",
       "null"
      ],
      "description": "Replacement body (omit to keep)"
     },
     "subject": {
      "maxLength": 300,
      "type": [
       "string",
       "null"
      ],
      "description": "Replacement subject (omit to keep)"
     }
    },
    "required": [
     "acting_as",
     "letter_id",
     "reason"
    ],
    "type": "object"
   },
   "outputSchema": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "title": "PayerLetterCenterReissueResult",
    "type": "object",
    "required": [
     "id",
     "case_id",
     "letter_type",
     "status",
     "determination_id",
     "recipient",
     "subject",
     "body",
     "policy_citations",
     "signer_id",
     "created_at",
     "delivered_at",
     "delivery_channel",
     "reissued_from",
     "fields",
     "audit"
    ]
   },
   "readOnlyHint": false
  },
  {
   "name": "review_get_md_review_data",
   "description": "The medical-director review workspace: everything in the nurse workspace plus nurse and MD evaluations, the nurse recommendation, MD decisions (superseded ones included) and peer-to-peer requests. Default: the workspace with a document index (no bodies); section='documents' pages the documents with their bodies, other sections page the same way. Lists cut to fit 10,000 chars are named under `more` with next_offset; read one with section=<name> and offset/limit.",
   "inputSchema": {
    "additionalProperties": false,
    "properties": {
     "acting_as": {
      "description": "Your worker id",
      "type": "string"
     },
     "case_id": {
      "description": "PA case id, e.g. CASE-0001",
      "type": "string"
     },
     "offset": {
      "default": 0,
      "description": "Skip this many: next_offset of the last page",
      "maximum": 10000,
      "minimum": 0,
      "type": "integer"
     },
     "limit": {
      "default": 20,
      "description": "Page size",
      "maximum": 100,
      "minimum": 1,
      "type": "integer"
     },
     "section": {
      "enum": [
       "documents",
       "nurse_evaluations",
       "md_evaluations",
       "md_decisions",
       "p2p_requests",
       "routing",
       "review_tasks",
       "lines",
       null
      ],
      "type": [
       "string",
       "null"
      ],
      "description": "Return only this section, paged with offset/limit; section='documents' returns the documents with their bodies (default: the workspace with a document index, no bodies)"
     }
    },
    "required": [
     "acting_as",
     "case_id"
    ],
    "type": "object"
   },
   "outputSchema": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "title": "ReviewGetMdReviewDataResult",
    "type": "object"
   },
   "readOnlyHint": true
  },
  {
   "name": "review_get_nurse_review_data",
   "description": "The nurse review workspace: case, member, intake, triage, routing, review tasks, lines, the policy's criteria {criterion_id, text, citation}, payer-side documents, the nurse evaluations saved so far and the nurse recommendation (null until submitted). Default: the workspace with a document index (no bodies); section='documents' pages the documents with their bodies, other sections page the same way. Lists cut to fit 10,000 chars are named under `more` with next_offset; read one with section=<name> and offset/limit.",
   "inputSchema": {
    "additionalProperties": false,
    "properties": {
     "acting_as": {
      "description": "Your worker id",
      "type": "string"
     },
     "case_id": {
      "description": "PA case id, e.g. CASE-0001",
      "type": "string"
     },
     "offset": {
      "default": 0,
      "description": "Skip this many: next_offset of the last page",
      "maximum": 10000,
      "minimum": 0,
      "type": "integer"
     },
     "limit": {
      "default": 20,
      "description": "Page size",
      "maximum": 100,
      "minimum": 1,
      "type": "integer"
     },
     "section": {
      "enum": [
       "documents",
       "evaluations",
       "routing",
       "review_tasks",
       "lines",
       null
      ],
      "type": [
       "string",
       "null"
      ],
      "description": "Return only this section, paged with offset/limit; section='documents' returns the documents with their bodies (default: the workspace with a document index, no bodies)"
     }
    },
    "required": [
     "acting_as",
     "case_id"
    ],
    "type": "object"
   },
   "outputSchema": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "title": "ReviewGetNurseReviewDataResult",
    "type": "object",
    "required": [
     "documents"
    ]
   },
   "readOnlyHint": true
  },
  {
   "name": "review_save_criteria_evaluation",
   "description": "Create or replace your nurse verdict on one criterion for one line (id <case>:nurse:L<n>:<criterion>). Quotes must appear verbatim in a payer-side document of this case. The first save claims the open nurse task. Refused when the case is not under review, has no open nurse task, or the nurse recommendation is already submitted. Returns the evaluation.",
   "inputSchema": {
    "$defs": {
     "EvidenceIn": {
      "additionalProperties": false,
      "properties": {
       "document_id": {
        "description": "Payer-side document id of this case (DOC-…, from the review workspace)",
        "type": "string"
       },
       "quote": {
        "description": "Words copied verbatim from that document",
        "maxLength": 2000,
        "type": "string"
       }
      },
      "required": [
       "document_id",
       "quote"
      ],
      "type": "object"
     }
    },
    "additionalProperties": false,
    "properties": {
     "acting_as": {
      "description": "Your worker id",
      "type": "string"
     },
     "case_id": {
      "description": "PA case id, e.g. CASE-0001",
      "type": "string"
     },
     "line_number": {
      "description": "Line the verdict is for",
      "maximum": 99,
      "minimum": 1,
      "type": "integer"
     },
     "criterion_id": {
      "description": "Criterion id from the workspace's policy.criteria, e.g. C1",
      "type": "string"
     },
     "result": {
      "enum": [
       "met",
       "not_met",
       "unclear"
      ],
      "type": "string",
      "description": "Your verdict on this criterion for this line"
     },
     "citation": {
      "description": "That criterion's citation as listed in the workspace, e.g. KM-MP-IMG-001 §3.1",
      "maxLength": 100,
      "type": "string"
     },
     "note": {
      "description": "Your reasoning for the verdict",
      "maxLength": 20000,
      "type": "string"
     },
     "evidence": {
      "description": "Supporting quotes (at least one required for `met`)",
      "items": {
       "$ref": "#/$defs/EvidenceIn"
      },
      "maxItems": 50,
      "type": "array"
     }
    },
    "required": [
     "acting_as",
     "case_id",
     "line_number",
     "criterion_id",
     "result",
     "citation",
     "note"
    ],
    "type": "object"
   },
   "outputSchema": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "title": "ReviewSaveCriteriaEvaluationResult",
    "type": "object",
    "required": [
     "id",
     "case_id",
     "stage",
     "line_number",
     "criterion_id",
     "citation",
     "result",
     "evidence",
     "note",
     "reviewer_id",
     "updated_at"
    ]
   },
   "readOnlyHint": false
  },
  {
   "name": "review_save_md_review",
   "description": "Create or replace your medical-director verdict on one criterion for one line (id <case>:md:L<n>:<criterion>); same arguments and checks as the nurse evaluation. The first save claims the open MD task. Refused when the case is not under review, has no open MD task, or an MD decision is already submitted. Returns the evaluation.",
   "inputSchema": {
    "$defs": {
     "EvidenceIn": {
      "additionalProperties": false,
      "properties": {
       "document_id": {
        "description": "Payer-side document id of this case (DOC-…, from the review workspace)",
        "type": "string"
       },
       "quote": {
        "description": "Words copied verbatim from that document",
        "maxLength": 2000,
        "type": "string"
       }
      },
      "required": [
       "document_id",
       "quote"
      ],
      "type": "object"
     }
    },
    "additionalProperties": false,
    "properties": {
     "acting_as": {
      "description": "Your worker id",
      "type": "string"
     },
     "case_id": {
      "description": "PA case id, e.g. CASE-0001",
      "type": "string"
     },
     "line_number": {
      "description": "Line the verdict is for",
      "maximum": 99,
      "minimum": 1,
      "type": "integer"
     },
     "criterion_id": {
      "description": "Criterion id from the workspace's policy.criteria, e.g. C1",
      "type": "string"
     },
     "result": {
      "enum": [
       "met",
       "not_met",
       "unclear"
      ],
      "type": "string",
      "description": "Your verdict on this criterion for this line"
     },
     "citation": {
      "description": "That criterion's citation as listed in the workspace, e.g. KM-MP-IMG-001 §3.1",
      "maxLength": 100,
      "type": "string"
     },
     "note": {
      "description": "Your reasoning for the verdict",
      "maxLength": 20000,
      "type": "string"
     },
     "evidence": {
      "description": "Supporting quotes (at least one required for `met`)",
      "items": {
       "$ref": "#/$defs/EvidenceIn"
      },
      "maxItems": 50,
      "type": "array"
     }
    },
    "required": [
     "acting_as",
     "case_id",
     "line_number",
     "criterion_id",
     "result",
     "citation",
     "note"
    ],
    "type": "object"
   },
   "outputSchema": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "title": "ReviewSaveMdReviewResult",
    "type": "object",
    "required": [
     "id",
     "case_id",
     "stage",
     "line_number",
     "criterion_id",
     "citation",
     "result",
     "evidence",
     "note",
     "reviewer_id",
     "updated_at"
    ]
   },
   "readOnlyHint": false
  },
  {
   "name": "review_submit_md_case_decision",
   "description": "Submit the medical director's case-level decision. Not amendable (only a request_info decision is superseded by the next one after the case returns); MD evaluations are frozen after it. Completes the MD task. request_info pends the case; p2p_review opens a peer-to-peer request (status requested, you as the original reviewer) and the case stays under_review; approve/deny/partial_approve leave the case under_review for determination_finalize. Returns the decision (+ p2p_request_id) and case_status.",
   "inputSchema": {
    "$defs": {
     "LineDecisionIn": {
      "additionalProperties": false,
      "properties": {
       "line_number": {
        "description": "Line decided",
        "maximum": 99,
        "minimum": 1,
        "type": "integer"
       },
       "decision": {
        "enum": [
         "approved",
         "denied"
        ],
        "type": "string",
        "description": "Outcome of this line"
       },
       "approved_units": {
        "maximum": 999,
        "minimum": 0,
        "type": [
         "integer",
         "null"
        ],
        "description": "Approved lines: units approved, 1..requested (default: all requested); denied lines: omit or 0"
       },
       "reason": {
        "maxLength": 20000,
        "type": [
         "string",
         "null"
        ],
        "description": "Why (required for a denied line)"
       }
      },
      "required": [
       "line_number",
       "decision"
      ],
      "type": "object"
     }
    },
    "additionalProperties": false,
    "properties": {
     "acting_as": {
      "description": "Your worker id",
      "type": "string"
     },
     "case_id": {
      "description": "PA case id, e.g. CASE-0001",
      "type": "string"
     },
     "decision": {
      "enum": [
       "approve",
       "deny",
       "partial_approve",
       "request_info",
       "p2p_review"
      ],
      "type": "string",
      "description": "approve | deny | partial_approve (per-line) | request_info (pend for information) | p2p_review (record the intended adverse decision and open a peer-to-peer request)"
     },
     "rationale": {
      "description": "Your clinical rationale",
      "maxLength": 20000,
      "type": "string"
     },
     "signed_off": {
      "default": false,
      "description": "Your sign-off; required true for deny and partial_approve",
      "type": "boolean"
     },
     "denial_rationale": {
      "maxLength": 20000,
      "type": [
       "string",
       "null"
      ],
      "description": "deny / partial_approve only: the specific reason, stated for the provider"
     },
     "policy_citations": {
      "items": {
       "type": "string"
      },
      "maxItems": 50,
      "type": [
       "array",
       "null"
      ],
      "description": "Sections relied on, each '<policy-id> §<n>' (e.g. KM-MP-IMG-001 §3.2); deny / partial_approve need at least one of this case's policy"
     },
     "line_decisions": {
      "items": {
       "$ref": "#/$defs/LineDecisionIn"
      },
      "maxItems": 99,
      "type": [
       "array",
       "null"
      ],
      "description": "partial_approve only: every line exactly once, at least one approved and one denied"
     },
     "info_requested": {
      "items": {
       "type": "string"
      },
      "maxItems": 50,
      "type": [
       "array",
       "null"
      ],
      "description": "request_info only: each item requested, named"
     },
     "info_due": {
      "pattern": "^\\d{4}-\\d{2}-\\d{2}$",
      "type": [
       "string",
       "null"
      ],
      "description": "request_info only: response due date YYYY-MM-DD (after today, UTC)"
     }
    },
    "required": [
     "acting_as",
     "case_id",
     "decision",
     "rationale"
    ],
    "type": "object"
   },
   "outputSchema": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "title": "ReviewSubmitMdCaseDecisionResult",
    "type": "object",
    "required": [
     "id",
     "case_id",
     "decision",
     "rationale",
     "denial_rationale",
     "policy_citations",
     "line_decisions",
     "info_requested",
     "info_due",
     "signed_off",
     "reviewer_id",
     "decided_at",
     "superseded_by",
     "case_status"
    ]
   },
   "readOnlyHint": false
  },
  {
   "name": "review_submit_nurse_case_recommendation",
   "description": "Submit the case-level nurse recommendation — one per case, never amended; nurse evaluations are frozen after it. Completes the nurse task. approve: case stays under_review for the determination; escalate: queues an md_review task; request_info: pends the case (→ pended_action_required). Returns the recommendation with criteria_met/criteria_total and case_status.",
   "inputSchema": {
    "additionalProperties": false,
    "properties": {
     "acting_as": {
      "description": "Your worker id",
      "type": "string"
     },
     "case_id": {
      "description": "PA case id, e.g. CASE-0001",
      "type": "string"
     },
     "recommendation": {
      "enum": [
       "approve",
       "escalate",
       "request_info"
      ],
      "type": "string",
      "description": "approve (only where the policy allows nurse approval, with saved evaluations and none not_met) | escalate (to a medical director) | request_info (pend for information). Nurses cannot deny"
     },
     "clinical_summary": {
      "description": "Your case-level clinical summary",
      "maxLength": 20000,
      "type": "string"
     },
     "info_requested": {
      "items": {
       "type": "string"
      },
      "maxItems": 50,
      "type": [
       "array",
       "null"
      ],
      "description": "Only for request_info: each item requested, named"
     },
     "info_due": {
      "pattern": "^\\d{4}-\\d{2}-\\d{2}$",
      "type": [
       "string",
       "null"
      ],
      "description": "Only for request_info: response due date YYYY-MM-DD (after today, UTC)"
     }
    },
    "required": [
     "acting_as",
     "case_id",
     "recommendation",
     "clinical_summary"
    ],
    "type": "object"
   },
   "outputSchema": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "title": "ReviewSubmitNurseCaseRecommendationResult",
    "type": "object",
    "required": [
     "id",
     "case_id",
     "recommendation",
     "clinical_summary",
     "info_requested",
     "info_due",
     "reviewer_id",
     "submitted_at",
     "criteria_met",
     "criteria_total",
     "case_status"
    ]
   },
   "readOnlyHint": false
  },
  {
   "name": "triage_calculate_sla",
   "description": "Compute the decision deadline from the intake receipt time: the stricter of the federal and the state turnaround for that urgency. Returns {urgency_level, state, hours, received_at, deadline (UTC), rule_source (federal | state:XX)}. Writes nothing.",
   "inputSchema": {
    "additionalProperties": false,
    "properties": {
     "acting_as": {
      "description": "Your worker id",
      "type": "string"
     },
     "case_id": {
      "description": "PA case id, e.g. CASE-0001",
      "type": "string"
     },
     "urgency_level": {
      "enum": [
       "stat",
       "urgent",
       "routine"
      ],
      "type": "string",
      "description": "Urgency to compute the deadline for"
     },
     "state": {
      "pattern": "^[A-Z]{2}$",
      "type": [
       "string",
       "null"
      ],
      "description": "USPS state whose UM law applies (default: the plan's state)"
     }
    },
    "required": [
     "acting_as",
     "case_id",
     "urgency_level"
    ],
    "type": "object"
   },
   "outputSchema": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "title": "TriageCalculateSlaResult",
    "type": "object",
    "required": [
     "case_id",
     "urgency_level",
     "state",
     "hours",
     "received_at",
     "deadline",
     "rule_source"
    ]
   },
   "readOnlyHint": true
  },
  {
   "name": "triage_check_gold_card",
   "description": "Gold-card status of the requesting NPI saved at intake, for this plan and the service category, on the receipt date. Returns {eligible, reason, npi, plan_id, service_category, checked_on}. Writes nothing.",
   "inputSchema": {
    "additionalProperties": false,
    "properties": {
     "acting_as": {
      "description": "Your worker id",
      "type": "string"
     },
     "case_id": {
      "description": "PA case id, e.g. CASE-0001",
      "type": "string"
     }
    },
    "required": [
     "acting_as",
     "case_id"
    ],
    "type": "object"
   },
   "outputSchema": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "title": "TriageCheckGoldCardResult",
    "type": "object",
    "required": [
     "case_id",
     "eligible",
     "reason",
     "npi",
     "plan_id",
     "service_category",
     "checked_on"
    ]
   },
   "readOnlyHint": true
  },
  {
   "name": "triage_get",
   "description": "A case with its intake record (null before intake), its triage record (null until the disposition is set) and its routing records (lane, reason, who, when). Lists too long for 10,000 chars are cut and named under `more`.",
   "inputSchema": {
    "additionalProperties": false,
    "properties": {
     "acting_as": {
      "description": "Your worker id",
      "type": "string"
     },
     "case_id": {
      "description": "PA case id, e.g. CASE-0001",
      "type": "string"
     }
    },
    "required": [
     "acting_as",
     "case_id"
    ],
    "type": "object"
   },
   "outputSchema": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "title": "TriageGetResult",
    "type": "object",
    "required": [
     "case",
     "intake",
     "triage",
     "routing"
    ]
   },
   "readOnlyHint": true
  },
  {
   "name": "triage_route_case",
   "description": "Route a triaged submitted/resubmitted case into a lane and apply its effect: review lanes queue a review task due at the SLA deadline (case → under_review); no_auth_required closes the case; notification and gold_card approve it at once (determination, authorization number AUTH-<case>-<NNNN>, case → approved). Returns the routing record, what was created and case_status. Refused: gold_card without eligibility, lanes contradicting the intake decisions, nurse_review once a nurse recommendation exists.",
   "inputSchema": {
    "additionalProperties": false,
    "properties": {
     "acting_as": {
      "description": "Your worker id",
      "type": "string"
     },
     "case_id": {
      "description": "PA case id, e.g. CASE-0001",
      "type": "string"
     },
     "lane": {
      "enum": [
       "administrative_review",
       "no_auth_required",
       "notification",
       "gold_card",
       "delegated",
       "vendor",
       "specialty",
       "nurse_review",
       "md_review",
       null
      ],
      "type": [
       "string",
       "null"
      ],
      "description": "Review lane. Effects when routed: nurse_review | md_review | administrative_review | delegated | vendor | specialty queue a review task (case → under_review); no_auth_required closes the case; notification | gold_card approve without clinical review (determination + authorization number). Default: the triage disposition"
     },
     "reason": {
      "maxLength": 4000,
      "type": [
       "string",
       "null"
      ],
      "description": "Why this lane (default: the disposition reason)"
     }
    },
    "required": [
     "acting_as",
     "case_id"
    ],
    "type": "object"
   },
   "outputSchema": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "title": "TriageRouteCaseResult",
    "type": "object",
    "required": [
     "id",
     "case_id",
     "lane",
     "reason",
     "routed_by",
     "routed_at",
     "case_status"
    ]
   },
   "readOnlyHint": false
  },
  {
   "name": "triage_set_disposition",
   "description": "Commit the case's one triage record: urgency, SLA deadline (computed from the intake receipt and the plan state), the gold-card check and the intended lane. Needs a complete intake. Not amendable: a second call is refused. Refused: the gold_card lane without gold-card eligibility, and lanes that contradict the frozen intake decisions. Returns the triage record.",
   "inputSchema": {
    "additionalProperties": false,
    "properties": {
     "acting_as": {
      "description": "Your worker id",
      "type": "string"
     },
     "case_id": {
      "description": "PA case id, e.g. CASE-0001",
      "type": "string"
     },
     "urgency_level": {
      "enum": [
       "stat",
       "urgent",
       "routine"
      ],
      "type": "string",
      "description": "Urgency; the SLA deadline is computed from it"
     },
     "disposition": {
      "enum": [
       "administrative_review",
       "no_auth_required",
       "notification",
       "gold_card",
       "delegated",
       "vendor",
       "specialty",
       "nurse_review",
       "md_review"
      ],
      "type": "string",
      "description": "Review lane. Effects when routed: nurse_review | md_review | administrative_review | delegated | vendor | specialty queue a review task (case → under_review); no_auth_required closes the case; notification | gold_card approve without clinical review (determination + authorization number)"
     },
     "disposition_reason": {
      "description": "Why, in your words",
      "maxLength": 4000,
      "type": "string"
     }
    },
    "required": [
     "acting_as",
     "case_id",
     "urgency_level",
     "disposition",
     "disposition_reason"
    ],
    "type": "object"
   },
   "outputSchema": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "title": "TriageSetDispositionResult",
    "type": "object",
    "required": [
     "id",
     "case_id",
     "intake_id",
     "urgency_level",
     "received_at",
     "state",
     "sla_hours",
     "sla_deadline",
     "sla_rule_source",
     "gold_card_checked",
     "gold_card_eligible",
     "disposition",
     "disposition_reason",
     "decided_by",
     "decided_at"
    ]
   },
   "readOnlyHint": false
  }
 ],
 "cm": [
  {
   "name": "cm_assessment_complete_assessment",
   "description": "Complete the assessment once all four sections are saved: assessment in_progress → complete (terminal) and case assessment_in_progress → assessment_complete; sections can no longer be edited. Refused while the assessment is blocked; missing sections are listed in the error (details.missing_sections).",
   "inputSchema": {
    "additionalProperties": false,
    "properties": {
     "acting_as": {
      "description": "Your worker id",
      "type": "string"
     },
     "case_id": {
      "description": "CM case id, e.g. CMC-0001",
      "type": "string"
     }
    },
    "required": [
     "acting_as",
     "case_id"
    ],
    "type": "object"
   },
   "outputSchema": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "title": "CmAssessmentCompleteAssessmentResult",
    "type": "object",
    "required": [
     "id",
     "cm_case_id",
     "status",
     "clinical",
     "medication",
     "behavioral_health",
     "sdoh",
     "phq9_score",
     "gad7_score",
     "auditc_score",
     "hunger_vital_sign_positive",
     "blocked_reason",
     "assessor_id",
     "started_at",
     "completed_at",
     "sections_saved",
     "sections_missing"
    ]
   },
   "readOnlyHint": false
  },
  {
   "name": "cm_assessment_save_section",
   "description": "Save one assessment section: payload.data replaces that section's stored body in full (any order; re-save until the assessment is completed). For behavioral_health and sdoh send item answers: the platform computes PHQ-9, GAD-7 and AUDIT-C totals, severity bands and flags and the Hunger Vital Sign result (returned under the section's 'computed', totals stored on the assessment); a total you send is refused as an unknown field. With blocked_reason the assessment is blocked (case → assessment_blocked; data may be omitted); the next save without a reason unblocks it (→ assessment_in_progress). Returns the assessment.",
   "inputSchema": {
    "$defs": {
     "BehavioralHealthPayload": {
      "additionalProperties": false,
      "properties": {
       "section": {
        "const": "behavioral_health",
        "type": "string"
       },
       "data": {
        "anyOf": [
         {
          "$ref": "#/$defs/BehavioralHealthSection"
         },
         {
          "type": "null"
         }
        ],
        "description": "Omit only with blocked_reason"
       }
      },
      "required": [
       "section"
      ],
      "type": "object"
     },
     "BehavioralHealthSection": {
      "additionalProperties": false,
      "properties": {
       "phq9_items": {
        "description": "The nine PHQ-9 item answers in questionnaire order (item 1 … item 9), each an integer 0–3 (0 not at all, 1 several days, 2 more than half the days, 3 nearly every day; last 2 weeks). The platform computes the total, severity band and item-9 flag",
        "items": {
         "maximum": 3,
         "minimum": 0,
         "type": "integer"
        },
        "maxItems": 9,
        "minItems": 9,
        "type": "array"
       },
       "gad7_items": {
        "description": "The seven GAD-7 item answers in questionnaire order, each an integer 0–3 (same response scale as PHQ-9). The platform computes the total and severity band",
        "items": {
         "maximum": 3,
         "minimum": 0,
         "type": "integer"
        },
        "maxItems": 7,
        "minItems": 7,
        "type": "array"
       },
       "auditc_items": {
        "items": {
         "maximum": 4,
         "minimum": 0,
         "type": "integer"
        },
        "maxItems": 3,
        "minItems": 3,
        "type": [
         "array",
         "null"
        ],
        "description": "The three AUDIT-C item answers in order (drinking frequency, typical quantity, frequency of six or more drinks), each an integer 0–4; omit if not administered. The platform computes the total and the screen result (using the member's sex on file)"
       },
       "substance_use_notes": {
        "maxLength": 4000,
        "type": [
         "string",
         "null"
        ],
        "description": "Substance-use notes"
       },
       "notes": {
        "maxLength": 4000,
        "type": [
         "string",
         "null"
        ],
        "description": "Free-text notes"
       }
      },
      "required": [
       "phq9_items",
       "gad7_items"
      ],
      "type": "object"
     },
     "ClinicalPayload": {
      "additionalProperties": false,
      "properties": {
       "section": {
        "const": "clinical",
        "type": "string"
       },
       "data": {
        "anyOf": [
         {
          "$ref": "#/$defs/ClinicalSection"
         },
         {
          "type": "null"
         }
        ],
        "description": "Omit only with blocked_reason"
       }
      },
      "required": [
       "section"
      ],
      "type": "object"
     },
     "ClinicalSection": {
      "additionalProperties": false,
      "properties": {
       "conditions_reviewed": {
        "description": "Conditions reviewed with the member",
        "items": {
         "maxLength": 300,
         "type": "string"
        },
        "maxItems": 30,
        "minItems": 1,
        "type": "array"
       },
       "symptom_summary": {
        "description": "Current symptoms as reported and observed (≤4,000 characters)",
        "maxLength": 4000,
        "type": "string"
       },
       "recent_utilization": {
        "description": "Recent ED visits, admissions, urgent care and specialist use",
        "maxLength": 4000,
        "type": "string"
       },
       "functional_status": {
        "description": "Functional status for activities of daily living",
        "enum": [
         "independent",
         "needs_some_assistance",
         "dependent"
        ],
        "type": "string"
       },
       "pain_score": {
        "maximum": 10,
        "minimum": 0,
        "type": [
         "integer",
         "null"
        ],
        "description": "Self-reported pain on the 0–10 numeric rating scale (integer; omit if not asked)"
       },
       "clinical_concerns": {
        "description": "Clinical concerns for the care plan",
        "items": {
         "maxLength": 300,
         "type": "string"
        },
        "maxItems": 30,
        "type": "array"
       },
       "notes": {
        "maxLength": 4000,
        "type": [
         "string",
         "null"
        ],
        "description": "Free-text notes"
       }
      },
      "required": [
       "conditions_reviewed",
       "symptom_summary",
       "recent_utilization",
       "functional_status"
      ],
      "type": "object"
     },
     "HungerVitalSign": {
      "additionalProperties": false,
      "properties": {
       "worried_food_would_run_out": {
        "description": "Statement 1 (past 12 months): worried whether food would run out before there was money to buy more",
        "enum": [
         "often_true",
         "sometimes_true",
         "never_true",
         "declined"
        ],
        "type": "string"
       },
       "food_did_not_last": {
        "description": "Statement 2 (past 12 months): the food bought just didn't last and there wasn't money to get more",
        "enum": [
         "often_true",
         "sometimes_true",
         "never_true",
         "declined"
        ],
        "type": "string"
       }
      },
      "required": [
       "worried_food_would_run_out",
       "food_did_not_last"
      ],
      "type": "object"
     },
     "MedicationItem": {
      "additionalProperties": false,
      "properties": {
       "name": {
        "description": "Medication as the member takes it (name, strength)",
        "maxLength": 300,
        "type": "string"
       },
       "adherence": {
        "description": "How the member actually takes it",
        "enum": [
         "taking_as_prescribed",
         "taking_differently",
         "not_taking",
         "unknown"
        ],
        "type": "string"
       },
       "note": {
        "maxLength": 4000,
        "type": [
         "string",
         "null"
        ],
        "description": "What the member said, discrepancies with the chart"
       }
      },
      "required": [
       "name",
       "adherence"
      ],
      "type": "object"
     },
     "MedicationPayload": {
      "additionalProperties": false,
      "properties": {
       "section": {
        "const": "medication",
        "type": "string"
       },
       "data": {
        "anyOf": [
         {
          "$ref": "#/$defs/MedicationSection"
         },
         {
          "type": "null"
         }
        ],
        "description": "Omit only with blocked_reason"
       }
      },
      "required": [
       "section"
      ],
      "type": "object"
     },
     "MedicationSection": {
      "additionalProperties": false,
      "properties": {
       "medications": {
        "description": "Reconciled medication list",
        "items": {
         "$ref": "#/$defs/MedicationItem"
        },
        "maxItems": 60,
        "type": "array"
       },
       "adherence_barriers": {
        "description": "Barriers to taking medications as prescribed",
        "items": {
         "maxLength": 300,
         "type": "string"
        },
        "maxItems": 30,
        "type": "array"
       },
       "cost_concern": {
        "description": "Whether the member reports medication cost as a concern",
        "type": "boolean"
       },
       "side_effects": {
        "description": "Side effects the member reports",
        "items": {
         "maxLength": 300,
         "type": "string"
        },
        "maxItems": 30,
        "type": "array"
       },
       "reconciliation_notes": {
        "description": "Medication reconciliation notes (≤4,000 characters)",
        "maxLength": 4000,
        "type": "string"
       }
      },
      "required": [
       "medications",
       "cost_concern",
       "reconciliation_notes"
      ],
      "type": "object"
     },
     "SdohPayload": {
      "additionalProperties": false,
      "properties": {
       "section": {
        "const": "sdoh",
        "type": "string"
       },
       "data": {
        "anyOf": [
         {
          "$ref": "#/$defs/SdohSection"
         },
         {
          "type": "null"
         }
        ],
        "description": "Omit only with blocked_reason"
       }
      },
      "required": [
       "section"
      ],
      "type": "object"
     },
     "SdohSection": {
      "additionalProperties": false,
      "properties": {
       "hunger_vital_sign": {
        "$ref": "#/$defs/HungerVitalSign",
        "description": "Hunger Vital Sign answers; the platform computes the screen result"
       },
       "housing": {
        "description": "Housing situation",
        "enum": [
         "stable",
         "at_risk",
         "unstable",
         "homeless"
        ],
        "type": "string"
       },
       "transportation_barrier": {
        "description": "Lacks reliable transportation to care",
        "type": "boolean"
       },
       "utilities_concern": {
        "description": "Trouble paying or keeping utilities",
        "type": "boolean"
       },
       "financial_strain": {
        "description": "Reports financial strain",
        "type": "boolean"
       },
       "social_isolation": {
        "description": "Reports social isolation",
        "type": "boolean"
       },
       "interpersonal_safety_concern": {
        "description": "Reports a concern about safety at home or in relationships",
        "type": "boolean"
       },
       "notes": {
        "maxLength": 4000,
        "type": [
         "string",
         "null"
        ],
        "description": "Free-text notes"
       }
      },
      "required": [
       "hunger_vital_sign",
       "housing",
       "transportation_barrier",
       "utilities_concern",
       "financial_strain",
       "social_isolation",
       "interpersonal_safety_concern"
      ],
      "type": "object"
     }
    },
    "additionalProperties": false,
    "properties": {
     "acting_as": {
      "description": "Your worker id",
      "type": "string"
     },
     "case_id": {
      "description": "CM case id (assessment in progress or blocked)",
      "type": "string"
     },
     "payload": {
      "anyOf": [
       {
        "$ref": "#/$defs/ClinicalPayload"
       },
       {
        "$ref": "#/$defs/MedicationPayload"
       },
       {
        "$ref": "#/$defs/BehavioralHealthPayload"
       },
       {
        "$ref": "#/$defs/SdohPayload"
       }
      ],
      "description": "The section (clinical | medication | behavioral_health | sdoh) and its body"
     },
     "blocked_reason": {
      "maxLength": 1000,
      "type": [
       "string",
       "null"
      ],
      "description": "Why the assessment cannot continue now (≤1,000 characters); blocks it until a later save without a reason"
     }
    },
    "required": [
     "acting_as",
     "case_id",
     "payload"
    ],
    "type": "object"
   },
   "outputSchema": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "title": "CmAssessmentSaveSectionResult",
    "type": "object",
    "required": [
     "id",
     "cm_case_id",
     "status",
     "clinical",
     "medication",
     "behavioral_health",
     "sdoh",
     "phq9_score",
     "gad7_score",
     "auditc_score",
     "hunger_vital_sign_positive",
     "blocked_reason",
     "assessor_id",
     "started_at",
     "completed_at",
     "sections_saved",
     "sections_missing"
    ]
   },
   "readOnlyHint": false
  },
  {
   "name": "cm_assessment_start_assessment",
   "description": "Create the empty four-section assessment (clinical, medication, behavioral_health, sdoh) for a case: the case moves outreach_complete → assessment_in_progress and you are the assessor. Refused unless the case's latest outreach record (written by cm_outreach_end_outreach_call) records consent_obtained = true. One assessment per case. Returns the assessment with sections_saved and sections_missing.",
   "inputSchema": {
    "additionalProperties": false,
    "properties": {
     "acting_as": {
      "description": "Your worker id",
      "type": "string"
     },
     "case_id": {
      "description": "CM case id, e.g. CMC-0001",
      "type": "string"
     }
    },
    "required": [
     "acting_as",
     "case_id"
    ],
    "type": "object"
   },
   "outputSchema": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "title": "CmAssessmentStartAssessmentResult",
    "type": "object",
    "required": [
     "id",
     "cm_case_id",
     "status",
     "clinical",
     "medication",
     "behavioral_health",
     "sdoh",
     "phq9_score",
     "gad7_score",
     "auditc_score",
     "hunger_vital_sign_positive",
     "blocked_reason",
     "assessor_id",
     "started_at",
     "completed_at",
     "sections_saved",
     "sections_missing"
    ]
   },
   "readOnlyHint": false
  },
  {
   "name": "cm_care_plan_create_draft",
   "description": "Create the empty care-plan draft for a case (one plan per case): plan status draft, case assessment_complete → care_plan_draft; you are the author. Fill it with cm_care_plan_save_care_plan. Returns the plan.",
   "inputSchema": {
    "additionalProperties": false,
    "properties": {
     "acting_as": {
      "description": "Your worker id",
      "type": "string"
     },
     "case_id": {
      "description": "CM case id, e.g. CMC-0001",
      "type": "string"
     }
    },
    "required": [
     "acting_as",
     "case_id"
    ],
    "type": "object"
   },
   "outputSchema": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "title": "CmCarePlanCreateDraftResult",
    "type": "object",
    "required": [
     "id",
     "cm_case_id",
     "status",
     "escalation_triggers",
     "follow_up_cadence",
     "follow_up_start",
     "follow_up_notes",
     "author_id",
     "created_at",
     "updated_at",
     "finalized_at",
     "problems"
    ]
   },
   "readOnlyHint": false
  },
  {
   "name": "cm_care_plan_finalize",
   "description": "Finalize the care plan and close the case in one transaction: plan draft → finalized, case care_plan_draft → care_plan_finalized → closed (both terminal; the plan can no longer be edited). Refused, listing every gap in details.problems, unless the plan has at least one problem; every problem at least one goal; every goal a target containing a number, a future target date and at least one intervention with a future due date; at least one escalation trigger; a follow-up cadence and a future follow-up start date. Returns the plan.",
   "inputSchema": {
    "additionalProperties": false,
    "properties": {
     "acting_as": {
      "description": "Your worker id",
      "type": "string"
     },
     "case_id": {
      "description": "CM case id, e.g. CMC-0001",
      "type": "string"
     }
    },
    "required": [
     "acting_as",
     "case_id"
    ],
    "type": "object"
   },
   "outputSchema": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "title": "CmCarePlanFinalizeResult",
    "type": "object",
    "required": [
     "id",
     "cm_case_id",
     "status",
     "escalation_triggers",
     "follow_up_cadence",
     "follow_up_start",
     "follow_up_notes",
     "author_id",
     "created_at",
     "updated_at",
     "finalized_at",
     "problems"
    ]
   },
   "readOnlyHint": false
  },
  {
   "name": "cm_care_plan_save_care_plan",
   "description": "Replace the whole care-plan draft with plan (a full replace, not a merge: send every problem, goal, intervention and escalation trigger to keep). Problems, goals and interventions are re-created on every save with ids <plan>-P<n>, <problem>-G<n>, <goal>-I<n>. Every date must be after the world's current date. A draft may be incomplete; cm_care_plan_finalize checks completeness. The case stays care_plan_draft. Returns the plan.",
   "inputSchema": {
    "$defs": {
     "CarePlanBody": {
      "additionalProperties": false,
      "properties": {
       "problems": {
        "description": "Problems, each with goals and interventions (≤20)",
        "items": {
         "$ref": "#/$defs/Problem"
        },
        "maxItems": 20,
        "type": "array"
       },
       "escalation_triggers": {
        "description": "Escalation triggers (≤20)",
        "items": {
         "$ref": "#/$defs/EscalationTrigger"
        },
        "maxItems": 20,
        "type": "array"
       },
       "follow_up_cadence": {
        "enum": [
         "weekly",
         "biweekly",
         "monthly",
         null
        ],
        "type": [
         "string",
         "null"
        ],
        "description": "Follow-up contact cadence (null while drafting)"
       },
       "follow_up_start": {
        "format": "date",
        "type": [
         "string",
         "null"
        ],
        "description": "First follow-up date, YYYY-MM-DD, after the world's current date (null while drafting)"
       },
       "follow_up_notes": {
        "maxLength": 2000,
        "type": [
         "string",
         "null"
        ],
        "description": "Notes on the follow-up schedule"
       }
      },
      "required": [
       "problems",
       "escalation_triggers"
      ],
      "type": "object"
     },
     "EscalationTrigger": {
      "additionalProperties": false,
      "properties": {
       "trigger": {
        "description": "The event or finding that triggers escalation",
        "maxLength": 2000,
        "type": "string"
       },
       "action": {
        "description": "What is done when it occurs",
        "maxLength": 2000,
        "type": "string"
       },
       "contact": {
        "description": "Who is contacted (role or service, ≤120 characters)",
        "maxLength": 120,
        "type": "string"
       },
       "timeframe": {
        "description": "How quickly, e.g. 'same day', 'within 24 hours' (≤120 characters)",
        "maxLength": 120,
        "type": "string"
       }
      },
      "required": [
       "trigger",
       "action",
       "contact",
       "timeframe"
      ],
      "type": "object"
     },
     "Goal": {
      "additionalProperties": false,
      "properties": {
       "statement": {
        "description": "The goal, stated from the member's perspective",
        "maxLength": 2000,
        "type": "string"
       },
       "measure": {
        "description": "What is measured to track the goal (≤200 characters)",
        "maxLength": 200,
        "type": "string"
       },
       "target": {
        "description": "The measurable target value of the measure (≤120 characters); finalize requires it to contain a number",
        "maxLength": 120,
        "type": "string"
       },
       "target_date": {
        "description": "Date the target should be reached, YYYY-MM-DD, after the world's current date",
        "format": "date",
        "type": "string"
       },
       "interventions": {
        "description": "Interventions serving this goal (0–20 while drafting)",
        "items": {
         "$ref": "#/$defs/Intervention"
        },
        "maxItems": 20,
        "type": "array"
       }
      },
      "required": [
       "statement",
       "measure",
       "target",
       "target_date"
      ],
      "type": "object"
     },
     "Intervention": {
      "additionalProperties": false,
      "properties": {
       "action": {
        "description": "What will be done (≤2,000 characters)",
        "maxLength": 2000,
        "type": "string"
       },
       "owner": {
        "enum": [
         "care_manager",
         "patient",
         "pcp",
         "specialist",
         "pharmacist",
         "social_worker",
         "behavioral_health_provider"
        ],
        "type": "string",
        "description": "Who is responsible for the intervention"
       },
       "due_date": {
        "description": "Due date, YYYY-MM-DD, after the world's current date",
        "format": "date",
        "type": "string"
       },
       "frequency": {
        "description": "How often, e.g. 'once', 'weekly', 'at every call' (≤60 characters)",
        "type": "string"
       }
      },
      "required": [
       "action",
       "owner",
       "due_date",
       "frequency"
      ],
      "type": "object"
     },
     "Problem": {
      "additionalProperties": false,
      "properties": {
       "statement": {
        "description": "The problem statement",
        "maxLength": 2000,
        "type": "string"
       },
       "domain": {
        "description": "Assessment domain the problem comes from",
        "enum": [
         "clinical",
         "medication",
         "behavioral_health",
         "sdoh"
        ],
        "type": "string"
       },
       "icd10": {
        "minLength": 3,
        "type": [
         "string",
         "null"
        ],
        "description": "Billable ICD-10-CM code for the problem, e.g. E11.65 (optional)"
       },
       "evidence": {
        "description": "What in the chart, call or assessment supports the problem",
        "maxLength": 2000,
        "type": "string"
       },
       "priority": {
        "description": "Problem priority",
        "enum": [
         "high",
         "medium",
         "low"
        ],
        "type": "string"
       },
       "goals": {
        "description": "Goals for this problem (0–10 while drafting)",
        "items": {
         "$ref": "#/$defs/Goal"
        },
        "maxItems": 10,
        "type": "array"
       }
      },
      "required": [
       "statement",
       "domain",
       "evidence",
       "priority"
      ],
      "type": "object"
     }
    },
    "additionalProperties": false,
    "properties": {
     "acting_as": {
      "description": "Your worker id",
      "type": "string"
     },
     "case_id": {
      "description": "CM case id (care plan in draft)",
      "type": "string"
     },
     "plan": {
      "$ref": "#/$defs/CarePlanBody",
      "description": "The complete plan body; replaces the stored draft in full"
     }
    },
    "required": [
     "acting_as",
     "case_id",
     "plan"
    ],
    "type": "object"
   },
   "outputSchema": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "title": "CmCarePlanSaveCarePlanResult",
    "type": "object",
    "required": [
     "id",
     "cm_case_id",
     "status",
     "escalation_triggers",
     "follow_up_cadence",
     "follow_up_start",
     "follow_up_notes",
     "author_id",
     "created_at",
     "updated_at",
     "finalized_at",
     "problems"
    ]
   },
   "readOnlyHint": false
  },
  {
   "name": "cm_chart_get_chart_data",
   "description": "The member's clinical chart for a CM case: the case and its referral, patient demographics, coverages, conditions (ICD-10-CM), encounters, observations (labs and vitals: LOINC codes, values with UCUM units), medications, procedures, allergies, and an index of the clinical and CM documents (title, kind, date, author, length); pass document_ids to read up to 5 documents in full. Lists are newest first. Observations are paginated: the latest observations_per_code values of each LOINC code, optionally limited to a date window and to given codes; observations_meta lists every code in the chart with its count and date range so you can ask for more of one. The record ids returned here are what cm_chart_submit_chart_review accepts as evidence_ids. No side effects. Lists cut to fit 10,000 chars are named under `more` with next_offset; read one with section=<name> and offset/limit.",
   "inputSchema": {
    "additionalProperties": false,
    "properties": {
     "acting_as": {
      "description": "Your worker id",
      "type": "string"
     },
     "case_id": {
      "description": "CM case id, e.g. CMC-0001",
      "type": "string"
     },
     "observations_per_code": {
      "default": 3,
      "description": "How many of the latest observations (labs and vitals) to return per LOINC code, 1–100 (default 3); older values are counted in observations_meta",
      "maximum": 100,
      "minimum": 1,
      "type": "integer"
     },
     "observations_since": {
      "format": "date",
      "type": [
       "string",
       "null"
      ],
      "description": "Only observations dated on or after this day (YYYY-MM-DD, inclusive)"
     },
     "observations_until": {
      "format": "date",
      "type": [
       "string",
       "null"
      ],
      "description": "Only observations dated on or before this day (YYYY-MM-DD, inclusive)"
     },
     "loinc_codes": {
      "items": {
       "type": "string"
      },
      "maxItems": 50,
      "type": [
       "array",
       "null"
      ],
      "description": "Only observations with these LOINC codes, e.g. [\"4548-4\"] (default: all)"
     },
     "document_ids": {
      "items": {
       "type": "string"
      },
      "maxItems": 5,
      "type": [
       "array",
       "null"
      ],
      "description": "Up to 5 document ids from the documents index whose full text to include (returned as document_bodies)"
     },
     "section": {
      "enum": [
       "conditions",
       "encounters",
       "observations",
       "medications",
       "procedures",
       "allergies",
       "documents",
       "document_bodies",
       null
      ],
      "type": [
       "string",
       "null"
      ],
      "description": "Only this section of the chart, paged (default: the whole chart, cut lists under `more`)"
     },
     "offset": {
      "default": 0,
      "description": "Skip this many: next_offset of the last page",
      "maximum": 10000,
      "minimum": 0,
      "type": "integer"
     },
     "limit": {
      "default": 50,
      "description": "Page size",
      "maximum": 100,
      "minimum": 1,
      "type": "integer"
     }
    },
    "required": [
     "acting_as",
     "case_id"
    ],
    "type": "object"
   },
   "outputSchema": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "title": "CmChartGetChartDataResult",
    "type": "object",
    "required": [
     "as_of"
    ]
   },
   "readOnlyHint": true
  },
  {
   "name": "cm_chart_submit_chart_review",
   "description": "Record your structured chart review of a case: the case moves intake_complete → chart_reviewed and its risk_level is set to the review's preliminary_risk_level; you are recorded as the reviewer. One review per case: it cannot be amended or resubmitted. Every evidence id must name a record in this member's chart, or nothing is saved.",
   "inputSchema": {
    "$defs": {
     "ChartReview": {
      "additionalProperties": false,
      "description": "The structured chart review (every list item is one short statement, ≤300 characters).",
      "properties": {
       "primary_concerns": {
        "description": "The member's main problems as you read the chart",
        "items": {
         "maxLength": 300,
         "type": "string"
        },
        "maxItems": 30,
        "minItems": 1,
        "type": "array"
       },
       "coordination_risks": {
        "description": "Care-coordination risks seen in the chart, e.g. fragmented care or gaps between settings ([] if none)",
        "items": {
         "maxLength": 300,
         "type": "string"
        },
        "maxItems": 30,
        "type": "array"
       },
       "suspected_barriers": {
        "description": "Barriers to self-management or care you suspect from the chart, to confirm on outreach ([] if none)",
        "items": {
         "maxLength": 300,
         "type": "string"
        },
        "maxItems": 30,
        "type": "array"
       },
       "preliminary_risk_level": {
        "enum": [
         "high",
         "moderate",
         "low"
        ],
        "type": "string",
        "description": "Your preliminary risk level; it is also set on the case (case.risk_level)"
       },
       "key_findings": {
        "description": "Narrative of the key findings (20–5,000 characters)",
        "maxLength": 5000,
        "minLength": 20,
        "type": "string"
       },
       "clarification_needed": {
        "description": "Questions the chart leaves open, to clarify with the member or the care team (0–30 items; [] if none)",
        "items": {
         "maxLength": 300,
         "type": "string"
        },
        "maxItems": 30,
        "type": "array"
       },
       "evidence_ids": {
        "description": "Ids of this member's chart records the review relies on (encounters, conditions, observations, medications, procedures, allergies, documents) as returned by cm_chart_get_chart_data; 1–30 ids",
        "items": {
         "type": "string"
        },
        "maxItems": 30,
        "minItems": 1,
        "type": "array"
       }
      },
      "required": [
       "primary_concerns",
       "coordination_risks",
       "suspected_barriers",
       "preliminary_risk_level",
       "key_findings",
       "clarification_needed",
       "evidence_ids"
      ],
      "type": "object"
     }
    },
    "additionalProperties": false,
    "properties": {
     "acting_as": {
      "description": "Your worker id",
      "type": "string"
     },
     "case_id": {
      "description": "CM case id (must be at intake_complete)",
      "type": "string"
     },
     "review": {
      "$ref": "#/$defs/ChartReview",
      "description": "The structured chart review"
     }
    },
    "required": [
     "acting_as",
     "case_id",
     "review"
    ],
    "type": "object"
   },
   "outputSchema": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "title": "CmChartSubmitChartReviewResult",
    "type": "object",
    "required": [
     "id",
     "cm_case_id",
     "reviewer_id",
     "primary_concerns",
     "coordination_risks",
     "suspected_barriers",
     "preliminary_risk_level",
     "key_findings",
     "clarification_needed",
     "evidence",
     "submitted_at"
    ]
   },
   "readOnlyHint": false
  },
  {
   "name": "cm_intake_disenroll_case",
   "description": "Disenroll the member: the case moves from any open status to the terminal 'disenrolled' with the reason and your note.",
   "inputSchema": {
    "additionalProperties": false,
    "properties": {
     "acting_as": {
      "description": "Your worker id",
      "type": "string"
     },
     "case_id": {
      "description": "CM case id",
      "type": "string"
     },
     "reason": {
      "enum": [
       "declined",
       "unreachable",
       "ineligible",
       "moved",
       "deceased",
       "safety_transfer",
       "other"
      ],
      "type": "string",
      "description": "Reason code for the disenrollment"
     },
     "note": {
      "description": "What happened, in your words (documented decline)",
      "maxLength": 4000,
      "type": "string"
     }
    },
    "required": [
     "acting_as",
     "case_id",
     "reason",
     "note"
    ],
    "type": "object"
   },
   "outputSchema": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "title": "CmIntakeDisenrollCaseResult",
    "type": "object",
    "required": [
     "id",
     "referral_id",
     "patient_id",
     "status",
     "program",
     "priority",
     "risk_level",
     "assigned_to",
     "opened_at",
     "closed_at",
     "disenroll_reason",
     "disenroll_note"
    ]
   },
   "readOnlyHint": false
  },
  {
   "name": "cm_intake_get_referral",
   "description": "One referral with demographics, diagnoses (ICD-10-CM), risk score and utilization flags, coverage and the referring clinician.",
   "inputSchema": {
    "additionalProperties": false,
    "properties": {
     "acting_as": {
      "description": "Your worker id",
      "type": "string"
     },
     "referral_id": {
      "description": "Referral id from the queue, e.g. REF-CM01",
      "type": "string"
     }
    },
    "required": [
     "acting_as",
     "referral_id"
    ],
    "type": "object"
   },
   "outputSchema": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "title": "CmIntakeGetReferralResult",
    "type": "object",
    "required": [
     "id",
     "patient_id",
     "date",
     "source",
     "diagnosis_codes",
     "risk_score",
     "suggested_program",
     "suggested_priority",
     "status",
     "referring_worker_id",
     "reason",
     "utilization_flags",
     "patient",
     "case_id",
     "diagnoses",
     "risk_flags",
     "coverages",
     "referring_worker"
    ]
   },
   "readOnlyHint": true
  },
  {
   "name": "cm_intake_list_referral_queue",
   "description": "List inbound care-management referrals as summaries (id, date, source, status, suggested program and priority, risk score, diagnosis codes, case_id, patient {name, birth_date, age, sex}), most pressing first (suggested priority, then risk score). Use get_referral for the reason, diagnoses, risk flags and contact details. Paged: pass next_offset back as offset (null = last page); total counts all.",
   "inputSchema": {
    "additionalProperties": false,
    "properties": {
     "acting_as": {
      "description": "Your worker id",
      "type": "string"
     },
     "status": {
      "enum": [
       "queued",
       "accepted",
       "declined",
       null
      ],
      "type": [
       "string",
       "null"
      ],
      "description": "Only referrals in this status (default: all)"
     },
     "offset": {
      "default": 0,
      "description": "Skip this many: next_offset of the last page",
      "maximum": 10000,
      "minimum": 0,
      "type": "integer"
     },
     "limit": {
      "default": 20,
      "description": "Page size",
      "maximum": 50,
      "minimum": 1,
      "type": "integer"
     }
    },
    "required": [
     "acting_as"
    ],
    "type": "object"
   },
   "outputSchema": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "title": "CmIntakeListReferralQueueResult",
    "type": "object",
    "required": [
     "total",
     "offset",
     "limit",
     "next_offset",
     "referrals"
    ]
   },
   "readOnlyHint": true
  },
  {
   "name": "cm_intake_open_case",
   "description": "Open the care-management case for a referral (one case per referral): the case moves new → intake_complete and is assigned to you.",
   "inputSchema": {
    "additionalProperties": false,
    "properties": {
     "acting_as": {
      "description": "Your worker id",
      "type": "string"
     },
     "referral_id": {
      "description": "The referral to open a case from",
      "type": "string"
     },
     "program": {
      "enum": [
       "chronic_disease",
       "behavioral_health",
       "complex_care",
       "transitions_of_care"
      ],
      "type": "string",
      "description": "Care-management program the member is enrolled into (see the program-eligibility standard)"
     },
     "priority": {
      "enum": [
       "urgent",
       "high",
       "standard"
      ],
      "type": "string",
      "description": "Case priority"
     }
    },
    "required": [
     "acting_as",
     "referral_id",
     "program",
     "priority"
    ],
    "type": "object"
   },
   "outputSchema": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "title": "CmIntakeOpenCaseResult",
    "type": "object",
    "required": [
     "case",
     "referral"
    ]
   },
   "readOnlyHint": false
  },
  {
   "name": "cm_outreach_end_outreach_call",
   "description": "End the outreach call (if still active) and record its outcome as the case's outreach record: session → ended (end_reason caller_ended if you end it), case chart_reviewed → outreach_complete. One record per call, written only by the care manager who placed it; it cannot be amended. consent_obtained = true is refused unless the transcript contains the member's explicit yes to joining on this call. Next: cm_assessment_start_assessment (needs consent in this record) or cm_intake_disenroll_case. Returns the record with case_status and the session.",
   "inputSchema": {
    "$defs": {
     "OutreachSummary": {
      "additionalProperties": false,
      "description": "The structured outreach record (list items ≤300 characters each).",
      "properties": {
       "engagement_status": {
        "enum": [
         "engaged",
         "tentative",
         "refused"
        ],
        "type": "string",
        "description": "The call's outcome; 'engaged' exactly when consent_obtained is true"
       },
       "consent_obtained": {
        "description": "Whether the member agreed to join care management on this call; true is accepted only if the transcript contains the member's explicit yes to joining",
        "type": "boolean"
       },
       "key_takeaways": {
        "description": "What you learned on the call",
        "items": {
         "maxLength": 300,
         "type": "string"
        },
        "maxItems": 30,
        "minItems": 1,
        "type": "array"
       },
       "next_steps": {
        "description": "Agreed next steps",
        "items": {
         "maxLength": 300,
         "type": "string"
        },
        "maxItems": 30,
        "minItems": 1,
        "type": "array"
       },
       "patient_concerns": {
        "description": "Concerns the member raised",
        "items": {
         "maxLength": 300,
         "type": "string"
        },
        "maxItems": 30,
        "type": "array"
       },
       "member_words": {
        "maxLength": 2000,
        "type": [
         "string",
         "null"
        ],
        "description": "The member's consent or decline in their own words, quoted from the transcript (≤2,000 characters)"
       },
       "preferred_contact": {
        "type": [
         "string",
         "null"
        ],
        "description": "How and when the member prefers to be contacted (≤60 characters)"
       },
       "preferred_language": {
        "type": [
         "string",
         "null"
        ],
        "description": "The member's preferred language (≤40 characters)"
       },
       "notes": {
        "maxLength": 5000,
        "type": [
         "string",
         "null"
        ],
        "description": "Free-text notes (≤5,000 characters)"
       }
      },
      "required": [
       "engagement_status",
       "consent_obtained",
       "key_takeaways",
       "next_steps"
      ],
      "type": "object"
     }
    },
    "additionalProperties": false,
    "properties": {
     "acting_as": {
      "description": "Your worker id",
      "type": "string"
     },
     "session_id": {
      "description": "Outreach session id, e.g. SES-0001",
      "type": "string"
     },
     "summary": {
      "$ref": "#/$defs/OutreachSummary",
      "description": "The structured record of the call"
     }
    },
    "required": [
     "acting_as",
     "session_id",
     "summary"
    ],
    "type": "object"
   },
   "outputSchema": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "title": "CmOutreachEndOutreachCallResult",
    "type": "object",
    "required": [
     "id",
     "session_id",
     "cm_case_id",
     "engagement_status",
     "consent_obtained",
     "key_takeaways",
     "patient_concerns",
     "next_steps",
     "preferred_contact",
     "notes",
     "recorded_by",
     "recorded_at",
     "member_words",
     "preferred_language",
     "consent_turn",
     "case_status",
     "session"
    ]
   },
   "readOnlyHint": false
  },
  {
   "name": "cm_outreach_get_transcript",
   "description": "The outreach call's transcript so far — messages [{turn_number, role (care_manager | patient), content, timestamp}] in turn order — with the session's status (active | ended), end_reason, turn budget and turns left. No side effects. Paged: pass next_offset back as offset (null = last page); total counts all.",
   "inputSchema": {
    "additionalProperties": false,
    "properties": {
     "acting_as": {
      "description": "Your worker id",
      "type": "string"
     },
     "session_id": {
      "description": "Outreach session id, e.g. SES-0001",
      "type": "string"
     },
     "offset": {
      "default": 0,
      "description": "Skip this many: next_offset of the last page",
      "maximum": 10000,
      "minimum": 0,
      "type": "integer"
     },
     "limit": {
      "default": 100,
      "description": "Page size",
      "maximum": 200,
      "minimum": 1,
      "type": "integer"
     }
    },
    "required": [
     "acting_as",
     "session_id"
    ],
    "type": "object"
   },
   "outputSchema": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "title": "CmOutreachGetTranscriptResult",
    "type": "object",
    "required": [
     "total",
     "offset",
     "limit",
     "next_offset",
     "session_id",
     "end_reason",
     "turn_budget",
     "turns_used",
     "turns_left",
     "backend",
     "case_id",
     "status",
     "started_at",
     "ended_at",
     "messages"
    ]
   },
   "readOnlyHint": true
  },
  {
   "name": "cm_outreach_send_message",
   "description": "Say one thing to the member on an active outreach call; the member's reply is patient_response. Each message uses one turn (turns_used / turns_left). Talk one message per call until you end it with cm_outreach_end_outreach_call — unless the member hangs up (stopped = true, end_reason patient_ended) or the turns run out (budget_exhausted): then session_status is 'ended', no message is accepted, and you still document the call with cm_outreach_end_outreach_call. Only the care manager who placed the call may talk on it. A 'retryable' error means the member did not answer and nothing was recorded: send it again.",
   "inputSchema": {
    "additionalProperties": false,
    "properties": {
     "acting_as": {
      "description": "Your worker id",
      "type": "string"
     },
     "session_id": {
      "description": "Outreach session id from start_outreach_call, e.g. SES-0001",
      "type": "string"
     },
     "message": {
      "description": "What you say to the member in this turn (1–4,000 characters)",
      "maxLength": 4000,
      "type": "string"
     }
    },
    "required": [
     "acting_as",
     "session_id",
     "message"
    ],
    "type": "object"
   },
   "outputSchema": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "title": "CmOutreachSendMessageResult",
    "type": "object",
    "required": [
     "session_id",
     "end_reason",
     "turn_budget",
     "turns_used",
     "turns_left",
     "backend",
     "turn_number",
     "patient_response",
     "session_status",
     "stopped",
     "token_usage"
    ]
   },
   "readOnlyHint": false
  },
  {
   "name": "cm_outreach_start_outreach_call",
   "description": "Place the outreach telephone call (text mode) to the member of a case at chart_reviewed: an active session SES-… opens with a turn budget and the member answers the phone; their first words are in patient_response (transcript turn 1). One call per case. Talk with cm_outreach_send_message; end and document the call with cm_outreach_end_outreach_call.",
   "inputSchema": {
    "additionalProperties": false,
    "properties": {
     "acting_as": {
      "description": "Your worker id",
      "type": "string"
     },
     "case_id": {
      "description": "CM case id (must be at chart_reviewed)",
      "type": "string"
     }
    },
    "required": [
     "acting_as",
     "case_id"
    ],
    "type": "object"
   },
   "outputSchema": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "title": "CmOutreachStartOutreachCallResult",
    "type": "object",
    "required": [
     "session_id",
     "end_reason",
     "turn_budget",
     "turns_used",
     "turns_left",
     "backend",
     "case_id",
     "status",
     "started_at",
     "ended_at",
     "patient_response",
     "messages"
    ]
   },
   "readOnlyHint": false
  }
 ]
}'''
