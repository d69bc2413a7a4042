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
    "$defs": {
     "ApprovedLine": {
      "properties": {
       "approved_units": {
        "type": [
         "integer",
         "null"
        ]
       },
       "code": {
        "type": [
         "string",
         "null"
        ]
       },
       "line_number": {
        "type": [
         "integer",
         "null"
        ]
       }
      },
      "required": [
       "approved_units",
       "code",
       "line_number"
      ],
      "type": "object"
     },
     "Details": {
      "description": "A provider inbox message's details: the keys depend on the message ``kind`` (a determination, a\nletter, a peer-to-peer invitation or booking, a preliminary adverse determination, a document).",
      "properties": {
       "channel": {
        "type": [
         "string",
         "null"
        ]
       },
       "determination_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "letter_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "from_worker_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "outcome": {
        "type": [
         "string",
         "null"
        ]
       },
       "document_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "document_kind": {
        "type": [
         "string",
         "null"
        ]
       },
       "request_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "p2p_request_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "payer_reviewer_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "slots": {
        "items": {
         "type": [
          "string",
          "null"
         ]
        },
        "type": [
         "array",
         "null"
        ]
       },
       "selected_slot": {
        "type": [
         "string",
         "null"
        ]
       },
       "scheduled_at": {
        "type": [
         "string",
         "null"
        ]
       },
       "artifact_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "md_decision_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "policy_citations": {
        "items": {
         "type": [
          "string",
          "null"
         ]
        },
        "type": [
         "array",
         "null"
        ]
       }
      },
      "type": "object"
     },
     "Fields": {
      "properties": {
       "approved_lines": {
        "items": {
         "anyOf": [
          {
           "$ref": "#/$defs/ApprovedLine"
          },
          {
           "type": "null"
          }
         ]
        },
        "type": "array"
       },
       "authorization_number": {
        "type": [
         "string",
         "null"
        ]
       },
       "case_reference": {
        "type": [
         "string",
         "null"
        ]
       },
       "letter_date": {
        "type": [
         "string",
         "null"
        ]
       },
       "member_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "member_name": {
        "type": [
         "string",
         "null"
        ]
       },
       "plan_name": {
        "type": [
         "string",
         "null"
        ]
       },
       "service_codes": {
        "items": {
         "type": [
          "string",
          "null"
         ]
        },
        "type": "array"
       },
       "service_description": {
        "type": [
         "string",
         "null"
        ]
       },
       "signer_credentials": {
        "type": [
         "string",
         "null"
        ]
       },
       "signer_name": {
        "type": [
         "string",
         "null"
        ]
       },
       "valid_from": {
        "type": [
         "string",
         "null"
        ]
       },
       "valid_to": {
        "type": [
         "string",
         "null"
        ]
       },
       "appeal_deadline_days": {
        "type": [
         "string",
         "null"
        ]
       },
       "appeal_rights": {
        "type": [
         "string",
         "null"
        ]
       },
       "criteria_access": {
        "type": [
         "string",
         "null"
        ]
       },
       "criteria_not_met": {
        "items": {
         "type": [
          "string",
          "null"
         ]
        },
        "type": "array"
       },
       "external_review_rights": {
        "type": [
         "string",
         "null"
        ]
       },
       "peer_to_peer_offer": {
        "type": [
         "string",
         "null"
        ]
       },
       "policy_citations": {
        "items": {
         "type": [
          "string",
          "null"
         ]
        },
        "type": "array"
       },
       "missing_items": {
        "items": {
         "type": [
          "string",
          "null"
         ]
        },
        "type": "array"
       },
       "response_due": {
        "type": [
         "string",
         "null"
        ]
       },
       "submission_instructions": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "case_reference",
       "letter_date",
       "member_id",
       "member_name",
       "plan_name",
       "service_codes",
       "service_description",
       "signer_credentials",
       "signer_name"
      ],
      "type": "object"
     },
     "JsonValue": {},
     "LatestSubmission": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "case_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "sequence": {
        "type": [
         "integer",
         "null"
        ]
       },
       "channel": {
        "type": [
         "string",
         "null"
        ]
       },
       "bundle_document_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "document_ids": {
        "items": {
         "type": [
          "string",
          "null"
         ]
        },
        "type": "array"
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
             "type": "boolean"
            },
            {
             "type": "number"
            }
           ]
          },
          "type": "object"
         },
         {
          "type": "null"
         }
        ]
       },
       "structured": {
        "anyOf": [
         {
          "additionalProperties": {
           "anyOf": [
            {
             "type": "string"
            },
            {
             "items": {
              "anyOf": [
               {
                "type": "string"
               },
               {
                "$ref": "#/$defs/StructuredValueItem"
               },
               {
                "type": "null"
               }
              ]
             },
             "type": "array"
            },
            {
             "type": "null"
            }
           ]
          },
          "type": "object"
         },
         {
          "type": "null"
         }
        ]
       },
       "note": {
        "type": [
         "string",
         "null"
        ]
       },
       "submitted_by": {
        "type": [
         "string",
         "null"
        ]
       },
       "submitted_at": {
        "type": [
         "string",
         "null"
        ]
       },
       "payer_reply": {
        "type": [
         "string",
         "null"
        ]
       },
       "payer_reply_detail": {
        "anyOf": [
         {
          "$ref": "#/$defs/PayerReplyDetail"
         },
         {
          "type": "null"
         }
        ]
       }
      },
      "required": [
       "id",
       "case_id",
       "sequence",
       "channel",
       "bundle_document_id",
       "document_ids",
       "questionnaire_answers",
       "structured",
       "note",
       "submitted_by",
       "submitted_at",
       "payer_reply",
       "payer_reply_detail"
      ],
      "type": "object"
     },
     "Letter": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "case_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "letter_type": {
        "type": [
         "string",
         "null"
        ]
       },
       "status": {
        "type": [
         "string",
         "null"
        ]
       },
       "determination_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "recipient": {
        "type": [
         "string",
         "null"
        ]
       },
       "subject": {
        "type": [
         "string",
         "null"
        ]
       },
       "body": {
        "type": [
         "string",
         "null"
        ]
       },
       "fields": {
        "anyOf": [
         {
          "$ref": "#/$defs/Fields"
         },
         {
          "type": "null"
         }
        ]
       },
       "policy_citations": {
        "items": {
         "type": [
          "string",
          "null"
         ]
        },
        "type": "array"
       },
       "signer_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "created_at": {
        "type": [
         "string",
         "null"
        ]
       },
       "delivered_at": {
        "type": [
         "string",
         "null"
        ]
       },
       "delivery_channel": {
        "type": [
         "string",
         "null"
        ]
       },
       "reissued_from": {
        "$ref": "#/$defs/JsonValue"
       }
      },
      "required": [
       "id",
       "case_id",
       "letter_type",
       "status",
       "determination_id",
       "recipient",
       "subject",
       "body",
       "fields",
       "policy_citations",
       "signer_id",
       "created_at",
       "delivered_at",
       "delivery_channel",
       "reissued_from"
      ],
      "type": "object"
     },
     "Message": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "case_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "audience": {
        "type": [
         "string",
         "null"
        ]
       },
       "kind": {
        "type": [
         "string",
         "null"
        ]
       },
       "subject": {
        "type": [
         "string",
         "null"
        ]
       },
       "body": {
        "type": [
         "string",
         "null"
        ]
       },
       "sender": {
        "type": [
         "string",
         "null"
        ]
       },
       "sent_at": {
        "type": [
         "string",
         "null"
        ]
       },
       "read_at": {
        "type": [
         "string",
         "null"
        ]
       },
       "details": {
        "anyOf": [
         {
          "$ref": "#/$defs/Details"
         },
         {
          "type": "null"
         }
        ]
       },
       "unread": {
        "type": [
         "boolean",
         "null"
        ]
       }
      },
      "required": [
       "id",
       "case_id",
       "audience",
       "kind",
       "subject",
       "body",
       "sender",
       "sent_at",
       "read_at",
       "details",
       "unread"
      ],
      "type": "object"
     },
     "MoreEntry": {
      "description": "A list section cut to fit the result budget: entries returned, entries in all, where to continue.",
      "properties": {
       "returned": {
        "type": "integer"
       },
       "total": {
        "type": "integer"
       },
       "next_offset": {
        "type": "integer"
       }
      },
      "required": [
       "returned",
       "total",
       "next_offset"
      ],
      "type": "object"
     },
     "NextAction": {
      "properties": {
       "tool": {
        "type": [
         "string",
         "null"
        ]
       },
       "action": {
        "type": [
         "string",
         "null"
        ]
       },
       "to_status": {
        "type": [
         "string",
         "null"
        ]
       },
       "hint": {
        "type": [
         "string",
         "null"
        ]
       },
       "awaiting": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "tool",
       "action",
       "to_status",
       "hint"
      ],
      "type": "object"
     },
     "PayerReplyDetail": {
      "properties": {
       "intake_created": {
        "type": [
         "boolean",
         "null"
        ]
       },
       "intake_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "outcome": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "intake_created",
       "intake_id",
       "outcome"
      ],
      "type": "object"
     },
     "ResultBudgetNote": {
      "description": "What the dispatcher's last-resort cut left out: ``omitted`` maps a path to what was kept of it.",
      "properties": {
       "limit": {
        "type": "integer"
       },
       "full_chars": {
        "type": "integer"
       },
       "omitted": {
        "additionalProperties": {
         "type": "string"
        },
        "type": "object"
       },
       "how": {
        "type": "string"
       }
      },
      "required": [
       "limit",
       "full_chars",
       "omitted",
       "how"
      ],
      "type": "object"
     },
     "StructuredValueItem": {
      "properties": {
       "code": {
        "type": [
         "string",
         "null"
        ]
       },
       "line_number": {
        "type": [
         "integer",
         "null"
        ]
       },
       "modifier": {
        "$ref": "#/$defs/JsonValue"
       },
       "system": {
        "type": [
         "string",
         "null"
        ]
       },
       "units": {
        "type": [
         "integer",
         "null"
        ]
       }
      },
      "required": [
       "code",
       "line_number",
       "modifier",
       "system",
       "units"
      ],
      "type": "object"
     },
     "UnreadableFaxPage": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "packet_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "page_number": {
        "type": [
         "integer",
         "null"
        ]
       },
       "document_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "readable": {
        "type": [
         "boolean",
         "null"
        ]
       },
       "resent_in_packet_id": {
        "$ref": "#/$defs/JsonValue"
       }
      },
      "required": [
       "id",
       "packet_id",
       "page_number",
       "document_id",
       "readable",
       "resent_in_packet_id"
      ],
      "type": "object"
     }
    },
    "properties": {
     "result_budget": {
      "$ref": "#/$defs/ResultBudgetNote"
     },
     "more": {
      "additionalProperties": {
       "$ref": "#/$defs/MoreEntry"
      },
      "type": "object"
     },
     "more_hint": {
      "type": "string"
     },
     "case_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "status": {
      "type": [
       "string",
       "null"
      ]
     },
     "submission_channel": {
      "type": [
       "string",
       "null"
      ]
     },
     "submitted_at": {
      "type": [
       "string",
       "null"
      ]
     },
     "authorization_number": {
      "type": [
       "string",
       "null"
      ]
     },
     "auth_valid_from": {
      "type": [
       "string",
       "null"
      ]
     },
     "auth_valid_to": {
      "type": [
       "string",
       "null"
      ]
     },
     "outcome_reason": {
      "type": [
       "string",
       "null"
      ]
     },
     "pend_due_at": {
      "type": [
       "string",
       "null"
      ]
     },
     "closed_reason": {
      "$ref": "#/$defs/JsonValue"
     },
     "latest_submission": {
      "anyOf": [
       {
        "$ref": "#/$defs/LatestSubmission"
       },
       {
        "type": "null"
       }
      ]
     },
     "messages": {
      "items": {
       "anyOf": [
        {
         "$ref": "#/$defs/Message"
        },
        {
         "type": "null"
        }
       ]
      },
      "type": "array"
     },
     "letters": {
      "items": {
       "anyOf": [
        {
         "$ref": "#/$defs/Letter"
        },
        {
         "type": "null"
        }
       ]
      },
      "type": "array"
     },
     "p2p_requests": {
      "items": {
       "$ref": "#/$defs/JsonValue"
      },
      "type": "array"
     },
     "unreadable_fax_pages": {
      "items": {
       "anyOf": [
        {
         "$ref": "#/$defs/UnreadableFaxPage"
        },
        {
         "type": "null"
        }
       ]
      },
      "type": "array"
     },
     "next_actions": {
      "items": {
       "anyOf": [
        {
         "$ref": "#/$defs/NextAction"
        },
        {
         "type": "null"
        }
       ]
      },
      "type": "array"
     }
    },
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
    ],
    "type": "object"
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
    "$defs": {
     "JsonValue": {},
     "ResultBudgetNote": {
      "description": "What the dispatcher's last-resort cut left out: ``omitted`` maps a path to what was kept of it.",
      "properties": {
       "limit": {
        "type": "integer"
       },
       "full_chars": {
        "type": "integer"
       },
       "omitted": {
        "additionalProperties": {
         "type": "string"
        },
        "type": "object"
       },
       "how": {
        "type": "string"
       }
      },
      "required": [
       "limit",
       "full_chars",
       "omitted",
       "how"
      ],
      "type": "object"
     }
    },
    "properties": {
     "result_budget": {
      "$ref": "#/$defs/ResultBudgetNote"
     },
     "id": {
      "type": [
       "string",
       "null"
      ]
     },
     "case_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "level": {
      "type": [
       "string",
       "null"
      ]
     },
     "status": {
      "type": [
       "string",
       "null"
      ]
     },
     "filed_by": {
      "type": [
       "string",
       "null"
      ]
     },
     "filed_at": {
      "type": [
       "string",
       "null"
      ]
     },
     "deadline_at": {
      "type": [
       "string",
       "null"
      ]
     },
     "decision_due_at": {
      "type": [
       "string",
       "null"
      ]
     },
     "rationale": {
      "type": [
       "string",
       "null"
      ]
     },
     "document_ids": {
      "items": {
       "type": [
        "string",
        "null"
       ]
      },
      "type": "array"
     },
     "external_org": {
      "$ref": "#/$defs/JsonValue"
     },
     "outcome_rationale": {
      "$ref": "#/$defs/JsonValue"
     },
     "decided_at": {
      "$ref": "#/$defs/JsonValue"
     }
    },
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
    ],
    "type": "object"
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
    "$defs": {
     "JsonValue": {},
     "ResultBudgetNote": {
      "description": "What the dispatcher's last-resort cut left out: ``omitted`` maps a path to what was kept of it.",
      "properties": {
       "limit": {
        "type": "integer"
       },
       "full_chars": {
        "type": "integer"
       },
       "omitted": {
        "additionalProperties": {
         "type": "string"
        },
        "type": "object"
       },
       "how": {
        "type": "string"
       }
      },
      "required": [
       "limit",
       "full_chars",
       "omitted",
       "how"
      ],
      "type": "object"
     }
    },
    "properties": {
     "result_budget": {
      "$ref": "#/$defs/ResultBudgetNote"
     },
     "id": {
      "type": [
       "string",
       "null"
      ]
     },
     "case_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "level": {
      "type": [
       "string",
       "null"
      ]
     },
     "status": {
      "type": [
       "string",
       "null"
      ]
     },
     "filed_by": {
      "type": [
       "string",
       "null"
      ]
     },
     "filed_at": {
      "type": [
       "string",
       "null"
      ]
     },
     "deadline_at": {
      "type": [
       "string",
       "null"
      ]
     },
     "decision_due_at": {
      "type": [
       "string",
       "null"
      ]
     },
     "rationale": {
      "type": [
       "string",
       "null"
      ]
     },
     "document_ids": {
      "items": {
       "type": [
        "string",
        "null"
       ]
      },
      "type": "array"
     },
     "external_org": {
      "$ref": "#/$defs/JsonValue"
     },
     "outcome_rationale": {
      "$ref": "#/$defs/JsonValue"
     },
     "decided_at": {
      "$ref": "#/$defs/JsonValue"
     }
    },
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
    ],
    "type": "object"
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
    "$defs": {
     "ActiveOn": {
      "properties": {
       "date": {
        "type": [
         "string",
         "null"
        ]
       },
       "active": {
        "type": [
         "boolean",
         "null"
        ]
       }
      },
      "required": [
       "date",
       "active"
      ],
      "type": "object"
     },
     "Case": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "patient_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "order_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "coverage_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "plan_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "requesting_worker_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "status": {
        "type": [
         "string",
         "null"
        ]
       },
       "urgency": {
        "type": [
         "string",
         "null"
        ]
       },
       "site_of_service": {
        "type": [
         "string",
         "null"
        ]
       },
       "diagnosis_codes": {
        "items": {
         "type": [
          "string",
          "null"
         ]
        },
        "type": "array"
       },
       "requested_start": {
        "type": [
         "string",
         "null"
        ]
       },
       "created_by": {
        "type": [
         "string",
         "null"
        ]
       },
       "created_at": {
        "type": [
         "string",
         "null"
        ]
       },
       "updated_at": {
        "type": [
         "string",
         "null"
        ]
       },
       "submission_channel": {
        "$ref": "#/$defs/JsonValue"
       },
       "submitted_at": {
        "$ref": "#/$defs/JsonValue"
       },
       "authorization_number": {
        "$ref": "#/$defs/JsonValue"
       },
       "auth_valid_from": {
        "$ref": "#/$defs/JsonValue"
       },
       "auth_valid_to": {
        "$ref": "#/$defs/JsonValue"
       },
       "outcome_reason": {
        "$ref": "#/$defs/JsonValue"
       },
       "pend_due_at": {
        "$ref": "#/$defs/JsonValue"
       },
       "closed_reason": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "id",
       "patient_id",
       "order_id",
       "coverage_id",
       "plan_id",
       "requesting_worker_id",
       "status",
       "urgency",
       "site_of_service",
       "diagnosis_codes",
       "requested_start",
       "created_by",
       "created_at",
       "updated_at",
       "submission_channel",
       "submitted_at",
       "authorization_number",
       "auth_valid_from",
       "auth_valid_to",
       "outcome_reason",
       "pend_due_at",
       "closed_reason"
      ],
      "type": "object"
     },
     "Case2": {
      "properties": {
       "case": {
        "anyOf": [
         {
          "$ref": "#/$defs/Case"
         },
         {
          "type": "null"
         }
        ]
       },
       "ordering_org": {
        "anyOf": [
         {
          "$ref": "#/$defs/OrderingOrg"
         },
         {
          "type": "null"
         }
        ]
       },
       "order": {
        "anyOf": [
         {
          "$ref": "#/$defs/Order"
         },
         {
          "type": "null"
         }
        ]
       },
       "patient": {
        "anyOf": [
         {
          "$ref": "#/$defs/Patient"
         },
         {
          "type": "null"
         }
        ]
       },
       "coverage": {
        "anyOf": [
         {
          "$ref": "#/$defs/Coverage"
         },
         {
          "type": "null"
         }
        ]
       },
       "requesting_provider": {
        "anyOf": [
         {
          "$ref": "#/$defs/RequestingProvider"
         },
         {
          "type": "null"
         }
        ]
       },
       "lines": {
        "items": {
         "anyOf": [
          {
           "$ref": "#/$defs/Line"
          },
          {
           "type": "null"
          }
         ]
        },
        "type": "array"
       },
       "requirement_checks": {
        "items": {
         "anyOf": [
          {
           "$ref": "#/$defs/RequirementCheck"
          },
          {
           "type": "null"
          }
         ]
        },
        "type": "array"
       },
       "provider_determinations": {
        "items": {
         "anyOf": [
          {
           "$ref": "#/$defs/ProviderDetermination"
          },
          {
           "type": "null"
          }
         ]
        },
        "type": "array"
       },
       "form_responses": {
        "items": {
         "anyOf": [
          {
           "$ref": "#/$defs/FormRespons"
          },
          {
           "type": "null"
          }
         ]
        },
        "type": "array"
       },
       "case_documents": {
        "items": {
         "anyOf": [
          {
           "$ref": "#/$defs/CaseDocument"
          },
          {
           "type": "null"
          }
         ]
        },
        "type": "array"
       },
       "submissions": {
        "items": {
         "$ref": "#/$defs/JsonValue"
        },
        "type": "array"
       },
       "unreadable_fax_pages": {
        "items": {
         "$ref": "#/$defs/JsonValue"
        },
        "type": "array"
       },
       "messages": {
        "items": {
         "anyOf": [
          {
           "$ref": "#/$defs/Message2"
          },
          {
           "type": "null"
          }
         ]
        },
        "type": "array"
       },
       "letters": {
        "items": {
         "$ref": "#/$defs/JsonValue"
        },
        "type": "array"
       },
       "p2p_requests": {
        "items": {
         "$ref": "#/$defs/JsonValue"
        },
        "type": "array"
       },
       "appeals": {
        "items": {
         "$ref": "#/$defs/JsonValue"
        },
        "type": "array"
       },
       "status_history": {
        "items": {
         "anyOf": [
          {
           "$ref": "#/$defs/StatusHistoryItem"
          },
          {
           "type": "null"
          }
         ]
        },
        "type": "array"
       },
       "next_actions": {
        "items": {
         "anyOf": [
          {
           "$ref": "#/$defs/NextAction"
          },
          {
           "type": "null"
          }
         ]
        },
        "type": "array"
       },
       "more": {
        "anyOf": [
         {
          "additionalProperties": {
           "anyOf": [
            {
             "$ref": "#/$defs/MoreValue"
            },
            {
             "type": "null"
            }
           ]
          },
          "type": "object"
         },
         {
          "type": "null"
         }
        ]
       },
       "more_hint": {
        "type": [
         "string",
         "null"
        ]
       }
      },
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
       "case_documents",
       "submissions",
       "unreadable_fax_pages",
       "messages",
       "letters",
       "p2p_requests",
       "appeals",
       "status_history",
       "next_actions"
      ],
      "type": "object"
     },
     "CaseDocument": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "patient_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "case_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "encounter_id": {
        "$ref": "#/$defs/JsonValue"
       },
       "kind": {
        "type": [
         "string",
         "null"
        ]
       },
       "title": {
        "type": [
         "string",
         "null"
        ]
       },
       "date": {
        "type": [
         "string",
         "null"
        ]
       },
       "author_worker_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "signed": {
        "type": [
         "boolean",
         "null"
        ]
       },
       "signed_by": {
        "type": [
         "string",
         "null"
        ]
       },
       "signed_at": {
        "type": [
         "string",
         "null"
        ]
       },
       "origin": {
        "type": [
         "string",
         "null"
        ]
       },
       "side": {
        "type": [
         "string",
         "null"
        ]
       },
       "copied_from": {
        "$ref": "#/$defs/JsonValue"
       },
       "created_at": {
        "type": [
         "string",
         "null"
        ]
       },
       "details": {
        "anyOf": [
         {
          "additionalProperties": {
           "anyOf": [
            {
             "type": "string"
            },
            {
             "type": "boolean"
            },
            {
             "type": "integer"
            },
            {
             "$ref": "#/$defs/DetailsValue"
            },
            {
             "items": {
              "type": [
               "string",
               "null"
              ]
             },
             "type": "array"
            },
            {
             "type": "null"
            }
           ]
          },
          "type": "object"
         },
         {
          "type": "null"
         }
        ]
       },
       "author": {
        "anyOf": [
         {
          "$ref": "#/$defs/RequestingProvider"
         },
         {
          "type": "null"
         }
        ]
       },
       "clinician_signed": {
        "type": [
         "boolean",
         "null"
        ]
       },
       "body_chars": {
        "type": [
         "integer",
         "null"
        ]
       }
      },
      "required": [
       "id",
       "patient_id",
       "case_id",
       "encounter_id",
       "kind",
       "title",
       "date",
       "author_worker_id",
       "signed",
       "signed_by",
       "signed_at",
       "origin",
       "side",
       "copied_from",
       "created_at",
       "details",
       "author",
       "clinician_signed",
       "body_chars"
      ],
      "type": "object"
     },
     "Coverage": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "patient_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "plan_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "member_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "group_number": {
        "type": [
         "string",
         "null"
        ]
       },
       "status": {
        "type": [
         "string",
         "null"
        ]
       },
       "effective_date": {
        "type": [
         "string",
         "null"
        ]
       },
       "termination_date": {
        "type": [
         "string",
         "null"
        ]
       },
       "plan_name": {
        "type": [
         "string",
         "null"
        ]
       },
       "line_of_business": {
        "type": [
         "string",
         "null"
        ]
       },
       "product": {
        "type": [
         "string",
         "null"
        ]
       },
       "plan_state": {
        "type": [
         "string",
         "null"
        ]
       },
       "active_on": {
        "anyOf": [
         {
          "$ref": "#/$defs/ActiveOn"
         },
         {
          "type": "null"
         }
        ]
       }
      },
      "required": [
       "id",
       "patient_id",
       "plan_id",
       "member_id",
       "group_number",
       "status",
       "effective_date",
       "termination_date",
       "plan_name",
       "line_of_business",
       "product",
       "plan_state",
       "active_on"
      ],
      "type": "object"
     },
     "Details2": {
      "properties": {
       "determination_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "from_worker_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "outcome": {
        "type": [
         "string",
         "null"
        ]
       },
       "document_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "document_kind": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "determination_id",
       "from_worker_id",
       "outcome"
      ],
      "type": "object"
     },
     "DetailsValue": {
      "properties": {
       "case_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "determination_id": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "case_id",
       "determination_id"
      ],
      "type": "object"
     },
     "DocumentFinding": {
      "properties": {
       "kind": {
        "type": [
         "string",
         "null"
        ]
       },
       "status": {
        "type": [
         "string",
         "null"
        ]
       },
       "document_ids": {
        "items": {
         "type": [
          "string",
          "null"
         ]
        },
        "type": "array"
       },
       "note": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "kind",
       "status",
       "document_ids",
       "note"
      ],
      "type": "object"
     },
     "FormRespons": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "case_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "form_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "answers": {
        "anyOf": [
         {
          "additionalProperties": {
           "anyOf": [
            {
             "type": "string"
            },
            {
             "type": "boolean"
            },
            {
             "type": "number"
            }
           ]
          },
          "type": "object"
         },
         {
          "type": "null"
         }
        ]
       },
       "complete": {
        "type": [
         "boolean",
         "null"
        ]
       },
       "problems": {
        "items": {
         "$ref": "#/$defs/JsonValue"
        },
        "type": "array"
       },
       "updated_by": {
        "type": [
         "string",
         "null"
        ]
       },
       "updated_at": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "id",
       "case_id",
       "form_id",
       "answers",
       "complete",
       "problems",
       "updated_by",
       "updated_at"
      ],
      "type": "object"
     },
     "JsonValue": {},
     "Line": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "case_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "line_number": {
        "type": [
         "integer",
         "null"
        ]
       },
       "system": {
        "type": [
         "string",
         "null"
        ]
       },
       "code": {
        "type": [
         "string",
         "null"
        ]
       },
       "display": {
        "type": [
         "string",
         "null"
        ]
       },
       "units": {
        "type": [
         "integer",
         "null"
        ]
       },
       "modifier": {
        "$ref": "#/$defs/JsonValue"
       },
       "outcome": {
        "$ref": "#/$defs/JsonValue"
       },
       "approved_units": {
        "$ref": "#/$defs/JsonValue"
       }
      },
      "required": [
       "id",
       "case_id",
       "line_number",
       "system",
       "code",
       "display",
       "units",
       "modifier",
       "outcome",
       "approved_units"
      ],
      "type": "object"
     },
     "Message2": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "case_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "audience": {
        "type": [
         "string",
         "null"
        ]
       },
       "kind": {
        "type": [
         "string",
         "null"
        ]
       },
       "subject": {
        "type": [
         "string",
         "null"
        ]
       },
       "sender": {
        "type": [
         "string",
         "null"
        ]
       },
       "sent_at": {
        "type": [
         "string",
         "null"
        ]
       },
       "read_at": {
        "$ref": "#/$defs/JsonValue"
       },
       "details": {
        "anyOf": [
         {
          "$ref": "#/$defs/Details2"
         },
         {
          "type": "null"
         }
        ]
       },
       "preview": {
        "type": [
         "string",
         "null"
        ]
       },
       "unread": {
        "type": [
         "boolean",
         "null"
        ]
       }
      },
      "required": [
       "id",
       "case_id",
       "audience",
       "kind",
       "subject",
       "sender",
       "sent_at",
       "read_at",
       "details",
       "preview",
       "unread"
      ],
      "type": "object"
     },
     "MoreEntry": {
      "description": "A list section cut to fit the result budget: entries returned, entries in all, where to continue.",
      "properties": {
       "returned": {
        "type": "integer"
       },
       "total": {
        "type": "integer"
       },
       "next_offset": {
        "type": "integer"
       }
      },
      "required": [
       "returned",
       "total",
       "next_offset"
      ],
      "type": "object"
     },
     "MoreValue": {
      "properties": {
       "returned": {
        "type": [
         "integer",
         "null"
        ]
       },
       "total": {
        "type": [
         "integer",
         "null"
        ]
       },
       "next_offset": {
        "type": [
         "integer",
         "null"
        ]
       }
      },
      "required": [
       "returned",
       "total",
       "next_offset"
      ],
      "type": "object"
     },
     "NextAction": {
      "properties": {
       "tool": {
        "type": [
         "string",
         "null"
        ]
       },
       "action": {
        "type": [
         "string",
         "null"
        ]
       },
       "to_status": {
        "type": [
         "string",
         "null"
        ]
       },
       "hint": {
        "type": [
         "string",
         "null"
        ]
       },
       "awaiting": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "tool",
       "action",
       "to_status",
       "hint"
      ],
      "type": "object"
     },
     "Order": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "date": {
        "type": [
         "string",
         "null"
        ]
       },
       "service_slug": {
        "type": [
         "string",
         "null"
        ]
       },
       "clinical_indication": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "id",
       "date",
       "service_slug",
       "clinical_indication"
      ],
      "type": "object"
     },
     "OrderingOrg": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "name": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "id",
       "name"
      ],
      "type": "object"
     },
     "Patient": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "name": {
        "type": [
         "string",
         "null"
        ]
       },
       "birth_date": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "id",
       "name",
       "birth_date"
      ],
      "type": "object"
     },
     "ProviderDetermination": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "case_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "final_action": {
        "type": [
         "string",
         "null"
        ]
       },
       "document_findings": {
        "items": {
         "anyOf": [
          {
           "$ref": "#/$defs/DocumentFinding"
          },
          {
           "type": "null"
          }
         ]
        },
        "type": "array"
       },
       "rationale": {
        "type": [
         "string",
         "null"
        ]
       },
       "clinician_request": {
        "type": [
         "string",
         "null"
        ]
       },
       "decided_by": {
        "type": [
         "string",
         "null"
        ]
       },
       "decided_at": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "id",
       "case_id",
       "final_action",
       "document_findings",
       "rationale",
       "clinician_request",
       "decided_by",
       "decided_at"
      ],
      "type": "object"
     },
     "RequestingProvider": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "name": {
        "type": [
         "string",
         "null"
        ]
       },
       "role": {
        "type": [
         "string",
         "null"
        ]
       },
       "org_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "npi": {
        "type": [
         "string",
         "null"
        ]
       },
       "specialty": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "id",
       "name",
       "role",
       "org_id",
       "npi",
       "specialty"
      ],
      "type": "object"
     },
     "RequirementCheck": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "case_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "checked_by": {
        "type": [
         "string",
         "null"
        ]
       },
       "checked_at": {
        "type": [
         "string",
         "null"
        ]
       },
       "pa_required": {
        "type": [
         "boolean",
         "null"
        ]
       },
       "notification_only": {
        "type": [
         "boolean",
         "null"
        ]
       },
       "covered_benefit": {
        "type": [
         "boolean",
         "null"
        ]
       },
       "in_network": {
        "type": [
         "boolean",
         "null"
        ]
       },
       "coverage_active": {
        "type": [
         "boolean",
         "null"
        ]
       },
       "required_document_kinds": {
        "items": {
         "type": [
          "string",
          "null"
         ]
        },
        "type": "array"
       },
       "questionnaire_form_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "policy_reference": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "id",
       "case_id",
       "checked_by",
       "checked_at",
       "pa_required",
       "notification_only",
       "covered_benefit",
       "in_network",
       "coverage_active",
       "required_document_kinds",
       "questionnaire_form_id",
       "policy_reference"
      ],
      "type": "object"
     },
     "ResultBudgetNote": {
      "description": "What the dispatcher's last-resort cut left out: ``omitted`` maps a path to what was kept of it.",
      "properties": {
       "limit": {
        "type": "integer"
       },
       "full_chars": {
        "type": "integer"
       },
       "omitted": {
        "additionalProperties": {
         "type": "string"
        },
        "type": "object"
       },
       "how": {
        "type": "string"
       }
      },
      "required": [
       "limit",
       "full_chars",
       "omitted",
       "how"
      ],
      "type": "object"
     },
     "StatusHistoryItem": {
      "properties": {
       "at": {
        "type": [
         "string",
         "null"
        ]
       },
       "from": {
        "type": [
         "string",
         "null"
        ]
       },
       "to": {
        "type": [
         "string",
         "null"
        ]
       },
       "actor_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "reason": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "at",
       "from",
       "to",
       "actor_id",
       "reason"
      ],
      "type": "object"
     }
    },
    "properties": {
     "result_budget": {
      "$ref": "#/$defs/ResultBudgetNote"
     },
     "more": {
      "additionalProperties": {
       "$ref": "#/$defs/MoreEntry"
      },
      "type": "object"
     },
     "more_hint": {
      "type": "string"
     },
     "provider_determination": {
      "anyOf": [
       {
        "$ref": "#/$defs/ProviderDetermination"
       },
       {
        "type": "null"
       }
      ]
     },
     "case": {
      "anyOf": [
       {
        "$ref": "#/$defs/Case2"
       },
       {
        "type": "null"
       }
      ]
     }
    },
    "required": [
     "provider_determination",
     "case"
    ],
    "type": "object"
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
    "$defs": {
     "ResultBudgetNote": {
      "description": "What the dispatcher's last-resort cut left out: ``omitted`` maps a path to what was kept of it.",
      "properties": {
       "limit": {
        "type": "integer"
       },
       "full_chars": {
        "type": "integer"
       },
       "omitted": {
        "additionalProperties": {
         "type": "string"
        },
        "type": "object"
       },
       "how": {
        "type": "string"
       }
      },
      "required": [
       "limit",
       "full_chars",
       "omitted",
       "how"
      ],
      "type": "object"
     }
    },
    "description": "No successful result: every call is refused (a peer-to-peer is payer-initiated; the error\nnames the open invitations to answer instead).",
    "properties": {
     "result_budget": {
      "$ref": "#/$defs/ResultBudgetNote"
     }
    },
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
    "$defs": {
     "JsonValue": {},
     "ResultBudgetNote": {
      "description": "What the dispatcher's last-resort cut left out: ``omitted`` maps a path to what was kept of it.",
      "properties": {
       "limit": {
        "type": "integer"
       },
       "full_chars": {
        "type": "integer"
       },
       "omitted": {
        "additionalProperties": {
         "type": "string"
        },
        "type": "object"
       },
       "how": {
        "type": "string"
       }
      },
      "required": [
       "limit",
       "full_chars",
       "omitted",
       "how"
      ],
      "type": "object"
     }
    },
    "properties": {
     "result_budget": {
      "$ref": "#/$defs/ResultBudgetNote"
     },
     "id": {
      "type": [
       "string",
       "null"
      ]
     },
     "case_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "payer_reviewer_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "provider_worker_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "status": {
      "type": [
       "string",
       "null"
      ]
     },
     "reason": {
      "type": [
       "string",
       "null"
      ]
     },
     "offered_slots": {
      "items": {
       "type": [
        "string",
        "null"
       ]
      },
      "type": "array"
     },
     "selected_slot": {
      "type": [
       "string",
       "null"
      ]
     },
     "scheduled_at": {
      "$ref": "#/$defs/JsonValue"
     },
     "outcome": {
      "$ref": "#/$defs/JsonValue"
     },
     "outcome_note": {
      "$ref": "#/$defs/JsonValue"
     },
     "created_at": {
      "type": [
       "string",
       "null"
      ]
     },
     "due_at": {
      "type": [
       "string",
       "null"
      ]
     }
    },
    "required": [
     "id",
     "case_id",
     "payer_reviewer_id",
     "provider_worker_id",
     "status",
     "reason",
     "offered_slots",
     "selected_slot",
     "scheduled_at",
     "outcome",
     "outcome_note",
     "created_at",
     "due_at"
    ],
    "type": "object"
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
    "$defs": {
     "JsonValue": {},
     "Packet": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "case_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "sequence": {
        "type": [
         "integer",
         "null"
        ]
       },
       "channel": {
        "type": [
         "string",
         "null"
        ]
       },
       "bundle_document_id": {
        "$ref": "#/$defs/JsonValue"
       },
       "document_ids": {
        "items": {
         "type": [
          "string",
          "null"
         ]
        },
        "type": "array"
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
             "type": "boolean"
            },
            {
             "type": "number"
            }
           ]
          },
          "type": "object"
         },
         {
          "type": "null"
         }
        ]
       },
       "structured": {
        "anyOf": [
         {
          "additionalProperties": {
           "anyOf": [
            {
             "type": "string"
            },
            {
             "items": {
              "anyOf": [
               {
                "type": "string"
               },
               {
                "$ref": "#/$defs/StructuredValueItem2"
               },
               {
                "type": "null"
               }
              ]
             },
             "type": "array"
            },
            {
             "type": "null"
            }
           ]
          },
          "type": "object"
         },
         {
          "type": "null"
         }
        ]
       },
       "note": {
        "type": [
         "string",
         "null"
        ]
       },
       "submitted_by": {
        "type": [
         "string",
         "null"
        ]
       },
       "submitted_at": {
        "type": [
         "string",
         "null"
        ]
       },
       "payer_reply": {
        "type": [
         "string",
         "null"
        ]
       },
       "payer_reply_detail": {
        "anyOf": [
         {
          "$ref": "#/$defs/PayerReplyDetail2"
         },
         {
          "type": "null"
         }
        ]
       }
      },
      "required": [
       "id",
       "case_id",
       "sequence",
       "channel",
       "bundle_document_id",
       "document_ids",
       "questionnaire_answers",
       "structured",
       "note",
       "submitted_by",
       "submitted_at",
       "payer_reply",
       "payer_reply_detail"
      ],
      "type": "object"
     },
     "PayerReply": {
      "properties": {
       "outcome": {
        "type": [
         "string",
         "null"
        ]
       },
       "intake_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "intake_created": {
        "type": [
         "boolean",
         "null"
        ]
       },
       "basis": {
        "type": [
         "string",
         "null"
        ]
       },
       "reasons": {
        "items": {
         "type": [
          "string",
          "null"
         ]
        },
        "type": "array"
       },
       "missing_kinds": {
        "items": {
         "$ref": "#/$defs/JsonValue"
        },
        "type": "array"
       },
       "insufficient_kinds": {
        "items": {
         "$ref": "#/$defs/JsonValue"
        },
        "type": "array"
       },
       "channel": {
        "type": [
         "string",
         "null"
        ]
       },
       "letter_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "message_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "pend_due": {
        "type": [
         "string",
         "null"
        ]
       },
       "case_status": {
        "type": [
         "string",
         "null"
        ]
       },
       "worked_by": {
        "items": {
         "type": [
          "string",
          "null"
         ]
        },
        "type": "array"
       },
       "authorization_number": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "outcome",
       "intake_id",
       "intake_created",
       "basis",
       "reasons",
       "missing_kinds",
       "insufficient_kinds",
       "channel",
       "letter_id",
       "message_id",
       "case_status",
       "worked_by"
      ],
      "type": "object"
     },
     "PayerReplyDetail2": {
      "properties": {
       "outcome": {
        "type": [
         "string",
         "null"
        ]
       },
       "intake_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "intake_created": {
        "type": [
         "boolean",
         "null"
        ]
       }
      },
      "required": [
       "outcome",
       "intake_id",
       "intake_created"
      ],
      "type": "object"
     },
     "ResultBudgetNote": {
      "description": "What the dispatcher's last-resort cut left out: ``omitted`` maps a path to what was kept of it.",
      "properties": {
       "limit": {
        "type": "integer"
       },
       "full_chars": {
        "type": "integer"
       },
       "omitted": {
        "additionalProperties": {
         "type": "string"
        },
        "type": "object"
       },
       "how": {
        "type": "string"
       }
      },
      "required": [
       "limit",
       "full_chars",
       "omitted",
       "how"
      ],
      "type": "object"
     },
     "StructuredValueItem2": {
      "properties": {
       "line_number": {
        "type": [
         "integer",
         "null"
        ]
       },
       "system": {
        "type": [
         "string",
         "null"
        ]
       },
       "code": {
        "type": [
         "string",
         "null"
        ]
       },
       "units": {
        "type": [
         "integer",
         "null"
        ]
       },
       "modifier": {
        "$ref": "#/$defs/JsonValue"
       }
      },
      "required": [
       "line_number",
       "system",
       "code",
       "units",
       "modifier"
      ],
      "type": "object"
     }
    },
    "properties": {
     "result_budget": {
      "$ref": "#/$defs/ResultBudgetNote"
     },
     "case_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "status": {
      "type": [
       "string",
       "null"
      ]
     },
     "packet": {
      "anyOf": [
       {
        "$ref": "#/$defs/Packet"
       },
       {
        "type": "null"
       }
      ]
     },
     "payer_reply": {
      "anyOf": [
       {
        "$ref": "#/$defs/PayerReply"
       },
       {
        "type": "null"
       }
      ]
     },
     "warnings": {
      "items": {
       "$ref": "#/$defs/JsonValue"
      },
      "type": "array"
     }
    },
    "required": [
     "case_id",
     "status",
     "packet",
     "payer_reply",
     "warnings"
    ],
    "type": "object"
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
    "$defs": {
     "JsonValue": {},
     "Packet2": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "case_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "sequence": {
        "type": [
         "integer",
         "null"
        ]
       },
       "channel": {
        "type": [
         "string",
         "null"
        ]
       },
       "bundle_document_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "document_ids": {
        "items": {
         "type": [
          "string",
          "null"
         ]
        },
        "type": "array"
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
             "type": "boolean"
            },
            {
             "type": "number"
            }
           ]
          },
          "type": "object"
         },
         {
          "type": "null"
         }
        ]
       },
       "structured": {
        "anyOf": [
         {
          "additionalProperties": {
           "anyOf": [
            {
             "type": "string"
            },
            {
             "items": {
              "anyOf": [
               {
                "type": "string"
               },
               {
                "$ref": "#/$defs/StructuredValueItem2"
               },
               {
                "type": "null"
               }
              ]
             },
             "type": "array"
            },
            {
             "type": "null"
            }
           ]
          },
          "type": "object"
         },
         {
          "type": "null"
         }
        ]
       },
       "note": {
        "$ref": "#/$defs/JsonValue"
       },
       "submitted_by": {
        "type": [
         "string",
         "null"
        ]
       },
       "submitted_at": {
        "type": [
         "string",
         "null"
        ]
       },
       "payer_reply": {
        "type": [
         "string",
         "null"
        ]
       },
       "payer_reply_detail": {
        "anyOf": [
         {
          "$ref": "#/$defs/PayerReplyDetail2"
         },
         {
          "type": "null"
         }
        ]
       }
      },
      "required": [
       "id",
       "case_id",
       "sequence",
       "channel",
       "bundle_document_id",
       "document_ids",
       "questionnaire_answers",
       "structured",
       "note",
       "submitted_by",
       "submitted_at",
       "payer_reply",
       "payer_reply_detail"
      ],
      "type": "object"
     },
     "PayerReply2": {
      "properties": {
       "outcome": {
        "type": [
         "string",
         "null"
        ]
       },
       "intake_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "intake_created": {
        "type": [
         "boolean",
         "null"
        ]
       },
       "basis": {
        "type": [
         "string",
         "null"
        ]
       },
       "reasons": {
        "items": {
         "type": [
          "string",
          "null"
         ]
        },
        "type": "array"
       },
       "missing_kinds": {
        "items": {
         "type": [
          "string",
          "null"
         ]
        },
        "type": "array"
       },
       "insufficient_kinds": {
        "items": {
         "type": [
          "string",
          "null"
         ]
        },
        "type": "array"
       },
       "channel": {
        "type": [
         "string",
         "null"
        ]
       },
       "letter_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "message_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "authorization_number": {
        "type": [
         "string",
         "null"
        ]
       },
       "case_status": {
        "type": [
         "string",
         "null"
        ]
       },
       "worked_by": {
        "items": {
         "type": [
          "string",
          "null"
         ]
        },
        "type": "array"
       },
       "pend_due": {
        "type": [
         "string",
         "null"
        ]
       },
       "appeal_deadline": {
        "type": [
         "string",
         "null"
        ]
       },
       "unreadable_pages": {
        "items": {
         "anyOf": [
          {
           "$ref": "#/$defs/UnreadablePage"
          },
          {
           "type": "null"
          }
         ]
        },
        "type": "array"
       },
       "p2p_request_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "offered_slots": {
        "items": {
         "type": [
          "string",
          "null"
         ]
        },
        "type": "array"
       }
      },
      "required": [
       "outcome",
       "intake_id",
       "intake_created",
       "basis",
       "reasons",
       "missing_kinds",
       "insufficient_kinds",
       "channel",
       "case_status",
       "worked_by"
      ],
      "type": "object"
     },
     "PayerReplyDetail2": {
      "properties": {
       "outcome": {
        "type": [
         "string",
         "null"
        ]
       },
       "intake_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "intake_created": {
        "type": [
         "boolean",
         "null"
        ]
       }
      },
      "required": [
       "outcome",
       "intake_id",
       "intake_created"
      ],
      "type": "object"
     },
     "ResultBudgetNote": {
      "description": "What the dispatcher's last-resort cut left out: ``omitted`` maps a path to what was kept of it.",
      "properties": {
       "limit": {
        "type": "integer"
       },
       "full_chars": {
        "type": "integer"
       },
       "omitted": {
        "additionalProperties": {
         "type": "string"
        },
        "type": "object"
       },
       "how": {
        "type": "string"
       }
      },
      "required": [
       "limit",
       "full_chars",
       "omitted",
       "how"
      ],
      "type": "object"
     },
     "StructuredValueItem2": {
      "properties": {
       "line_number": {
        "type": [
         "integer",
         "null"
        ]
       },
       "system": {
        "type": [
         "string",
         "null"
        ]
       },
       "code": {
        "type": [
         "string",
         "null"
        ]
       },
       "units": {
        "type": [
         "integer",
         "null"
        ]
       },
       "modifier": {
        "$ref": "#/$defs/JsonValue"
       }
      },
      "required": [
       "line_number",
       "system",
       "code",
       "units",
       "modifier"
      ],
      "type": "object"
     },
     "UnreadablePage": {
      "properties": {
       "page_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "packet_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "page_number": {
        "type": [
         "integer",
         "null"
        ]
       },
       "document_id": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "page_id",
       "packet_id",
       "page_number",
       "document_id"
      ],
      "type": "object"
     }
    },
    "properties": {
     "result_budget": {
      "$ref": "#/$defs/ResultBudgetNote"
     },
     "case_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "status": {
      "type": [
       "string",
       "null"
      ]
     },
     "packet": {
      "anyOf": [
       {
        "$ref": "#/$defs/Packet2"
       },
       {
        "type": "null"
       }
      ]
     },
     "payer_reply": {
      "anyOf": [
       {
        "$ref": "#/$defs/PayerReply2"
       },
       {
        "type": "null"
       }
      ]
     },
     "warnings": {
      "items": {
       "$ref": "#/$defs/JsonValue"
      },
      "type": "array"
     }
    },
    "required": [
     "case_id",
     "status",
     "packet",
     "payer_reply",
     "warnings"
    ],
    "type": "object"
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
    "$defs": {
     "ActiveOn": {
      "properties": {
       "date": {
        "type": [
         "string",
         "null"
        ]
       },
       "active": {
        "type": [
         "boolean",
         "null"
        ]
       }
      },
      "required": [
       "date",
       "active"
      ],
      "type": "object"
     },
     "Case3": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "patient_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "order_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "coverage_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "plan_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "requesting_worker_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "status": {
        "type": [
         "string",
         "null"
        ]
       },
       "urgency": {
        "type": [
         "string",
         "null"
        ]
       },
       "site_of_service": {
        "type": [
         "string",
         "null"
        ]
       },
       "diagnosis_codes": {
        "items": {
         "type": [
          "string",
          "null"
         ]
        },
        "type": "array"
       },
       "requested_start": {
        "type": [
         "string",
         "null"
        ]
       },
       "created_by": {
        "type": [
         "string",
         "null"
        ]
       },
       "created_at": {
        "type": [
         "string",
         "null"
        ]
       },
       "updated_at": {
        "type": [
         "string",
         "null"
        ]
       },
       "submission_channel": {
        "$ref": "#/$defs/JsonValue"
       },
       "submitted_at": {
        "$ref": "#/$defs/JsonValue"
       },
       "authorization_number": {
        "$ref": "#/$defs/JsonValue"
       },
       "auth_valid_from": {
        "$ref": "#/$defs/JsonValue"
       },
       "auth_valid_to": {
        "$ref": "#/$defs/JsonValue"
       },
       "outcome_reason": {
        "$ref": "#/$defs/JsonValue"
       },
       "pend_due_at": {
        "$ref": "#/$defs/JsonValue"
       },
       "closed_reason": {
        "$ref": "#/$defs/JsonValue"
       }
      },
      "required": [
       "id",
       "patient_id",
       "order_id",
       "coverage_id",
       "plan_id",
       "requesting_worker_id",
       "status",
       "urgency",
       "site_of_service",
       "diagnosis_codes",
       "requested_start",
       "created_by",
       "created_at",
       "updated_at",
       "submission_channel",
       "submitted_at",
       "authorization_number",
       "auth_valid_from",
       "auth_valid_to",
       "outcome_reason",
       "pend_due_at",
       "closed_reason"
      ],
      "type": "object"
     },
     "Coverage": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "patient_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "plan_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "member_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "group_number": {
        "type": [
         "string",
         "null"
        ]
       },
       "status": {
        "type": [
         "string",
         "null"
        ]
       },
       "effective_date": {
        "type": [
         "string",
         "null"
        ]
       },
       "termination_date": {
        "type": [
         "string",
         "null"
        ]
       },
       "plan_name": {
        "type": [
         "string",
         "null"
        ]
       },
       "line_of_business": {
        "type": [
         "string",
         "null"
        ]
       },
       "product": {
        "type": [
         "string",
         "null"
        ]
       },
       "plan_state": {
        "type": [
         "string",
         "null"
        ]
       },
       "active_on": {
        "anyOf": [
         {
          "$ref": "#/$defs/ActiveOn"
         },
         {
          "type": "null"
         }
        ]
       }
      },
      "required": [
       "id",
       "patient_id",
       "plan_id",
       "member_id",
       "group_number",
       "status",
       "effective_date",
       "termination_date",
       "plan_name",
       "line_of_business",
       "product",
       "plan_state",
       "active_on"
      ],
      "type": "object"
     },
     "JsonValue": {},
     "Line2": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "case_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "line_number": {
        "type": [
         "integer",
         "null"
        ]
       },
       "system": {
        "type": [
         "string",
         "null"
        ]
       },
       "code": {
        "type": [
         "string",
         "null"
        ]
       },
       "display": {
        "type": [
         "string",
         "null"
        ]
       },
       "units": {
        "type": [
         "integer",
         "null"
        ]
       },
       "modifier": {
        "type": [
         "string",
         "null"
        ]
       },
       "outcome": {
        "$ref": "#/$defs/JsonValue"
       },
       "approved_units": {
        "$ref": "#/$defs/JsonValue"
       }
      },
      "required": [
       "id",
       "case_id",
       "line_number",
       "system",
       "code",
       "display",
       "units",
       "modifier",
       "outcome",
       "approved_units"
      ],
      "type": "object"
     },
     "MoreEntry": {
      "description": "A list section cut to fit the result budget: entries returned, entries in all, where to continue.",
      "properties": {
       "returned": {
        "type": "integer"
       },
       "total": {
        "type": "integer"
       },
       "next_offset": {
        "type": "integer"
       }
      },
      "required": [
       "returned",
       "total",
       "next_offset"
      ],
      "type": "object"
     },
     "NextAction": {
      "properties": {
       "tool": {
        "type": [
         "string",
         "null"
        ]
       },
       "action": {
        "type": [
         "string",
         "null"
        ]
       },
       "to_status": {
        "type": [
         "string",
         "null"
        ]
       },
       "hint": {
        "type": [
         "string",
         "null"
        ]
       },
       "awaiting": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "tool",
       "action",
       "to_status",
       "hint"
      ],
      "type": "object"
     },
     "Order": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "date": {
        "type": [
         "string",
         "null"
        ]
       },
       "service_slug": {
        "type": [
         "string",
         "null"
        ]
       },
       "clinical_indication": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "id",
       "date",
       "service_slug",
       "clinical_indication"
      ],
      "type": "object"
     },
     "OrderingOrg": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "name": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "id",
       "name"
      ],
      "type": "object"
     },
     "Patient": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "name": {
        "type": [
         "string",
         "null"
        ]
       },
       "birth_date": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "id",
       "name",
       "birth_date"
      ],
      "type": "object"
     },
     "RequestingProvider": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "name": {
        "type": [
         "string",
         "null"
        ]
       },
       "role": {
        "type": [
         "string",
         "null"
        ]
       },
       "org_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "npi": {
        "type": [
         "string",
         "null"
        ]
       },
       "specialty": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "id",
       "name",
       "role",
       "org_id",
       "npi",
       "specialty"
      ],
      "type": "object"
     },
     "RequirementCheck": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "case_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "checked_by": {
        "type": [
         "string",
         "null"
        ]
       },
       "checked_at": {
        "type": [
         "string",
         "null"
        ]
       },
       "pa_required": {
        "type": [
         "boolean",
         "null"
        ]
       },
       "notification_only": {
        "type": [
         "boolean",
         "null"
        ]
       },
       "covered_benefit": {
        "type": [
         "boolean",
         "null"
        ]
       },
       "in_network": {
        "type": [
         "boolean",
         "null"
        ]
       },
       "coverage_active": {
        "type": [
         "boolean",
         "null"
        ]
       },
       "required_document_kinds": {
        "items": {
         "type": [
          "string",
          "null"
         ]
        },
        "type": "array"
       },
       "questionnaire_form_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "policy_reference": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "id",
       "case_id",
       "checked_by",
       "checked_at",
       "pa_required",
       "notification_only",
       "covered_benefit",
       "in_network",
       "coverage_active",
       "required_document_kinds",
       "questionnaire_form_id",
       "policy_reference"
      ],
      "type": "object"
     },
     "RequirementCheck2": {
      "properties": {
       "requirement_check_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "case_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "status": {
        "type": [
         "string",
         "null"
        ]
       },
       "pa_required": {
        "type": [
         "boolean",
         "null"
        ]
       },
       "notification_only": {
        "type": [
         "boolean",
         "null"
        ]
       },
       "covered_benefit": {
        "type": [
         "boolean",
         "null"
        ]
       },
       "coverage_active": {
        "type": [
         "boolean",
         "null"
        ]
       },
       "in_network": {
        "type": [
         "boolean",
         "null"
        ]
       },
       "date_of_service": {
        "type": [
         "string",
         "null"
        ]
       },
       "reason": {
        "type": [
         "string",
         "null"
        ]
       },
       "required_document_kinds": {
        "items": {
         "type": [
          "string",
          "null"
         ]
        },
        "type": "array"
       },
       "questionnaire_form_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "policy_reference": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "requirement_check_id",
       "case_id",
       "status",
       "pa_required",
       "notification_only",
       "covered_benefit",
       "coverage_active",
       "in_network",
       "date_of_service",
       "reason",
       "required_document_kinds",
       "questionnaire_form_id",
       "policy_reference"
      ],
      "type": "object"
     },
     "ResultBudgetNote": {
      "description": "What the dispatcher's last-resort cut left out: ``omitted`` maps a path to what was kept of it.",
      "properties": {
       "limit": {
        "type": "integer"
       },
       "full_chars": {
        "type": "integer"
       },
       "omitted": {
        "additionalProperties": {
         "type": "string"
        },
        "type": "object"
       },
       "how": {
        "type": "string"
       }
      },
      "required": [
       "limit",
       "full_chars",
       "omitted",
       "how"
      ],
      "type": "object"
     },
     "StatusHistoryItem": {
      "properties": {
       "at": {
        "type": [
         "string",
         "null"
        ]
       },
       "from": {
        "type": [
         "string",
         "null"
        ]
       },
       "to": {
        "type": [
         "string",
         "null"
        ]
       },
       "actor_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "reason": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "at",
       "from",
       "to",
       "actor_id",
       "reason"
      ],
      "type": "object"
     }
    },
    "properties": {
     "result_budget": {
      "$ref": "#/$defs/ResultBudgetNote"
     },
     "more": {
      "additionalProperties": {
       "$ref": "#/$defs/MoreEntry"
      },
      "type": "object"
     },
     "more_hint": {
      "type": "string"
     },
     "requirement_check": {
      "anyOf": [
       {
        "$ref": "#/$defs/RequirementCheck2"
       },
       {
        "type": "null"
       }
      ]
     },
     "case": {
      "anyOf": [
       {
        "$ref": "#/$defs/Case3"
       },
       {
        "type": "null"
       }
      ]
     },
     "ordering_org": {
      "anyOf": [
       {
        "$ref": "#/$defs/OrderingOrg"
       },
       {
        "type": "null"
       }
      ]
     },
     "order": {
      "anyOf": [
       {
        "$ref": "#/$defs/Order"
       },
       {
        "type": "null"
       }
      ]
     },
     "patient": {
      "anyOf": [
       {
        "$ref": "#/$defs/Patient"
       },
       {
        "type": "null"
       }
      ]
     },
     "coverage": {
      "anyOf": [
       {
        "$ref": "#/$defs/Coverage"
       },
       {
        "type": "null"
       }
      ]
     },
     "requesting_provider": {
      "anyOf": [
       {
        "$ref": "#/$defs/RequestingProvider"
       },
       {
        "type": "null"
       }
      ]
     },
     "lines": {
      "items": {
       "anyOf": [
        {
         "$ref": "#/$defs/Line2"
        },
        {
         "type": "null"
        }
       ]
      },
      "type": "array"
     },
     "requirement_checks": {
      "items": {
       "anyOf": [
        {
         "$ref": "#/$defs/RequirementCheck"
        },
        {
         "type": "null"
        }
       ]
      },
      "type": "array"
     },
     "provider_determinations": {
      "items": {
       "$ref": "#/$defs/JsonValue"
      },
      "type": "array"
     },
     "form_responses": {
      "items": {
       "$ref": "#/$defs/JsonValue"
      },
      "type": "array"
     },
     "case_documents": {
      "items": {
       "$ref": "#/$defs/JsonValue"
      },
      "type": "array"
     },
     "submissions": {
      "items": {
       "$ref": "#/$defs/JsonValue"
      },
      "type": "array"
     },
     "unreadable_fax_pages": {
      "items": {
       "$ref": "#/$defs/JsonValue"
      },
      "type": "array"
     },
     "messages": {
      "items": {
       "$ref": "#/$defs/JsonValue"
      },
      "type": "array"
     },
     "letters": {
      "items": {
       "$ref": "#/$defs/JsonValue"
      },
      "type": "array"
     },
     "p2p_requests": {
      "items": {
       "$ref": "#/$defs/JsonValue"
      },
      "type": "array"
     },
     "appeals": {
      "items": {
       "$ref": "#/$defs/JsonValue"
      },
      "type": "array"
     },
     "status_history": {
      "items": {
       "anyOf": [
        {
         "$ref": "#/$defs/StatusHistoryItem"
        },
        {
         "type": "null"
        }
       ]
      },
      "type": "array"
     },
     "next_actions": {
      "items": {
       "anyOf": [
        {
         "$ref": "#/$defs/NextAction"
        },
        {
         "type": "null"
        }
       ]
      },
      "type": "array"
     }
    },
    "required": [
     "requirement_check",
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
     "case_documents",
     "submissions",
     "unreadable_fax_pages",
     "messages",
     "letters",
     "p2p_requests",
     "appeals",
     "status_history",
     "next_actions"
    ],
    "type": "object"
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
    "$defs": {
     "ActiveOn": {
      "properties": {
       "date": {
        "type": [
         "string",
         "null"
        ]
       },
       "active": {
        "type": [
         "boolean",
         "null"
        ]
       }
      },
      "required": [
       "date",
       "active"
      ],
      "type": "object"
     },
     "Appeal": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "case_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "level": {
        "type": [
         "string",
         "null"
        ]
       },
       "status": {
        "type": [
         "string",
         "null"
        ]
       },
       "filed_by": {
        "type": [
         "string",
         "null"
        ]
       },
       "filed_at": {
        "type": [
         "string",
         "null"
        ]
       },
       "deadline_at": {
        "type": [
         "string",
         "null"
        ]
       },
       "decision_due_at": {
        "type": [
         "string",
         "null"
        ]
       },
       "rationale": {
        "type": [
         "string",
         "null"
        ]
       },
       "document_ids": {
        "items": {
         "type": [
          "string",
          "null"
         ]
        },
        "type": "array"
       },
       "external_org": {
        "$ref": "#/$defs/JsonValue"
       },
       "outcome_rationale": {
        "type": [
         "string",
         "null"
        ]
       },
       "decided_at": {
        "type": [
         "string",
         "null"
        ]
       }
      },
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
      ],
      "type": "object"
     },
     "Case4": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "patient_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "order_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "coverage_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "plan_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "requesting_worker_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "status": {
        "type": [
         "string",
         "null"
        ]
       },
       "urgency": {
        "type": [
         "string",
         "null"
        ]
       },
       "site_of_service": {
        "type": [
         "string",
         "null"
        ]
       },
       "diagnosis_codes": {
        "items": {
         "type": [
          "string",
          "null"
         ]
        },
        "type": "array"
       },
       "requested_start": {
        "type": [
         "string",
         "null"
        ]
       },
       "created_by": {
        "type": [
         "string",
         "null"
        ]
       },
       "created_at": {
        "type": [
         "string",
         "null"
        ]
       },
       "updated_at": {
        "type": [
         "string",
         "null"
        ]
       },
       "submission_channel": {
        "type": [
         "string",
         "null"
        ]
       },
       "submitted_at": {
        "type": [
         "string",
         "null"
        ]
       },
       "authorization_number": {
        "$ref": "#/$defs/JsonValue"
       },
       "auth_valid_from": {
        "$ref": "#/$defs/JsonValue"
       },
       "auth_valid_to": {
        "$ref": "#/$defs/JsonValue"
       },
       "outcome_reason": {
        "type": [
         "string",
         "null"
        ]
       },
       "pend_due_at": {
        "type": [
         "string",
         "null"
        ]
       },
       "closed_reason": {
        "$ref": "#/$defs/JsonValue"
       }
      },
      "required": [
       "id",
       "patient_id",
       "order_id",
       "coverage_id",
       "plan_id",
       "requesting_worker_id",
       "status",
       "urgency",
       "site_of_service",
       "diagnosis_codes",
       "requested_start",
       "created_by",
       "created_at",
       "updated_at",
       "submission_channel",
       "submitted_at",
       "authorization_number",
       "auth_valid_from",
       "auth_valid_to",
       "outcome_reason",
       "pend_due_at",
       "closed_reason"
      ],
      "type": "object"
     },
     "CaseDocument2": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "patient_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "case_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "encounter_id": {
        "$ref": "#/$defs/JsonValue"
       },
       "kind": {
        "type": [
         "string",
         "null"
        ]
       },
       "title": {
        "type": [
         "string",
         "null"
        ]
       },
       "date": {
        "type": [
         "string",
         "null"
        ]
       },
       "author_worker_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "signed": {
        "type": [
         "boolean",
         "null"
        ]
       },
       "signed_by": {
        "type": [
         "string",
         "null"
        ]
       },
       "signed_at": {
        "type": [
         "string",
         "null"
        ]
       },
       "origin": {
        "type": [
         "string",
         "null"
        ]
       },
       "side": {
        "type": [
         "string",
         "null"
        ]
       },
       "copied_from": {
        "$ref": "#/$defs/JsonValue"
       },
       "created_at": {
        "type": [
         "string",
         "null"
        ]
       },
       "details": {
        "anyOf": [
         {
          "$ref": "#/$defs/Details3"
         },
         {
          "type": "null"
         }
        ]
       },
       "author": {
        "anyOf": [
         {
          "$ref": "#/$defs/RequestingProvider"
         },
         {
          "type": "null"
         }
        ]
       },
       "clinician_signed": {
        "type": [
         "boolean",
         "null"
        ]
       },
       "body_chars": {
        "type": [
         "integer",
         "null"
        ]
       }
      },
      "required": [
       "id",
       "patient_id",
       "case_id",
       "encounter_id",
       "kind",
       "title",
       "date",
       "author_worker_id",
       "signed",
       "signed_by",
       "signed_at",
       "origin",
       "side",
       "copied_from",
       "created_at",
       "details",
       "author",
       "clinician_signed",
       "body_chars"
      ],
      "type": "object"
     },
     "Coverage2": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "patient_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "plan_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "member_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "group_number": {
        "type": [
         "string",
         "null"
        ]
       },
       "status": {
        "type": [
         "string",
         "null"
        ]
       },
       "effective_date": {
        "type": [
         "string",
         "null"
        ]
       },
       "termination_date": {
        "$ref": "#/$defs/JsonValue"
       },
       "plan_name": {
        "type": [
         "string",
         "null"
        ]
       },
       "line_of_business": {
        "type": [
         "string",
         "null"
        ]
       },
       "product": {
        "type": [
         "string",
         "null"
        ]
       },
       "plan_state": {
        "type": [
         "string",
         "null"
        ]
       },
       "active_on": {
        "anyOf": [
         {
          "$ref": "#/$defs/ActiveOn"
         },
         {
          "type": "null"
         }
        ]
       }
      },
      "required": [
       "id",
       "patient_id",
       "plan_id",
       "member_id",
       "group_number",
       "status",
       "effective_date",
       "termination_date",
       "plan_name",
       "line_of_business",
       "product",
       "plan_state",
       "active_on"
      ],
      "type": "object"
     },
     "Details3": {
      "properties": {
       "document_ids": {
        "items": {
         "type": [
          "string",
          "null"
         ]
        },
        "type": "array"
       },
       "note": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "type": "object"
     },
     "Details4": {
      "properties": {
       "channel": {
        "type": [
         "string",
         "null"
        ]
       },
       "determination_id": {
        "$ref": "#/$defs/JsonValue"
       },
       "letter_id": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "channel",
       "determination_id",
       "letter_id"
      ],
      "type": "object"
     },
     "DocumentFinding2": {
      "properties": {
       "document_ids": {
        "items": {
         "type": [
          "string",
          "null"
         ]
        },
        "type": "array"
       },
       "kind": {
        "type": [
         "string",
         "null"
        ]
       },
       "note": {
        "type": [
         "string",
         "null"
        ]
       },
       "status": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "document_ids",
       "kind",
       "note",
       "status"
      ],
      "type": "object"
     },
     "Fields2": {
      "properties": {
       "case_reference": {
        "type": [
         "string",
         "null"
        ]
       },
       "letter_date": {
        "type": [
         "string",
         "null"
        ]
       },
       "member_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "member_name": {
        "type": [
         "string",
         "null"
        ]
       },
       "missing_items": {
        "items": {
         "type": [
          "string",
          "null"
         ]
        },
        "type": "array"
       },
       "plan_name": {
        "type": [
         "string",
         "null"
        ]
       },
       "response_due": {
        "type": [
         "string",
         "null"
        ]
       },
       "service_codes": {
        "items": {
         "type": [
          "string",
          "null"
         ]
        },
        "type": "array"
       },
       "service_description": {
        "type": [
         "string",
         "null"
        ]
       },
       "signer_credentials": {
        "type": [
         "string",
         "null"
        ]
       },
       "signer_name": {
        "type": [
         "string",
         "null"
        ]
       },
       "submission_instructions": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "case_reference",
       "letter_date",
       "member_id",
       "member_name",
       "missing_items",
       "plan_name",
       "response_due",
       "service_codes",
       "service_description",
       "signer_credentials",
       "signer_name",
       "submission_instructions"
      ],
      "type": "object"
     },
     "FormRespons": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "case_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "form_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "answers": {
        "anyOf": [
         {
          "additionalProperties": {
           "anyOf": [
            {
             "type": "string"
            },
            {
             "type": "boolean"
            },
            {
             "type": "number"
            }
           ]
          },
          "type": "object"
         },
         {
          "type": "null"
         }
        ]
       },
       "complete": {
        "type": [
         "boolean",
         "null"
        ]
       },
       "problems": {
        "items": {
         "$ref": "#/$defs/JsonValue"
        },
        "type": "array"
       },
       "updated_by": {
        "type": [
         "string",
         "null"
        ]
       },
       "updated_at": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "id",
       "case_id",
       "form_id",
       "answers",
       "complete",
       "problems",
       "updated_by",
       "updated_at"
      ],
      "type": "object"
     },
     "JsonValue": {},
     "LatestSubmission": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "case_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "sequence": {
        "type": [
         "integer",
         "null"
        ]
       },
       "channel": {
        "type": [
         "string",
         "null"
        ]
       },
       "bundle_document_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "document_ids": {
        "items": {
         "type": [
          "string",
          "null"
         ]
        },
        "type": "array"
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
             "type": "boolean"
            },
            {
             "type": "number"
            }
           ]
          },
          "type": "object"
         },
         {
          "type": "null"
         }
        ]
       },
       "structured": {
        "anyOf": [
         {
          "additionalProperties": {
           "anyOf": [
            {
             "type": "string"
            },
            {
             "items": {
              "anyOf": [
               {
                "type": "string"
               },
               {
                "$ref": "#/$defs/StructuredValueItem"
               },
               {
                "type": "null"
               }
              ]
             },
             "type": "array"
            },
            {
             "type": "null"
            }
           ]
          },
          "type": "object"
         },
         {
          "type": "null"
         }
        ]
       },
       "note": {
        "type": [
         "string",
         "null"
        ]
       },
       "submitted_by": {
        "type": [
         "string",
         "null"
        ]
       },
       "submitted_at": {
        "type": [
         "string",
         "null"
        ]
       },
       "payer_reply": {
        "type": [
         "string",
         "null"
        ]
       },
       "payer_reply_detail": {
        "anyOf": [
         {
          "$ref": "#/$defs/PayerReplyDetail"
         },
         {
          "type": "null"
         }
        ]
       }
      },
      "required": [
       "id",
       "case_id",
       "sequence",
       "channel",
       "bundle_document_id",
       "document_ids",
       "questionnaire_answers",
       "structured",
       "note",
       "submitted_by",
       "submitted_at",
       "payer_reply",
       "payer_reply_detail"
      ],
      "type": "object"
     },
     "Letter2": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "case_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "letter_type": {
        "type": [
         "string",
         "null"
        ]
       },
       "status": {
        "type": [
         "string",
         "null"
        ]
       },
       "determination_id": {
        "$ref": "#/$defs/JsonValue"
       },
       "recipient": {
        "type": [
         "string",
         "null"
        ]
       },
       "subject": {
        "type": [
         "string",
         "null"
        ]
       },
       "body": {
        "type": [
         "string",
         "null"
        ]
       },
       "fields": {
        "anyOf": [
         {
          "$ref": "#/$defs/Fields2"
         },
         {
          "type": "null"
         }
        ]
       },
       "policy_citations": {
        "items": {
         "$ref": "#/$defs/JsonValue"
        },
        "type": "array"
       },
       "signer_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "created_at": {
        "type": [
         "string",
         "null"
        ]
       },
       "delivered_at": {
        "type": [
         "string",
         "null"
        ]
       },
       "delivery_channel": {
        "type": [
         "string",
         "null"
        ]
       },
       "reissued_from": {
        "$ref": "#/$defs/JsonValue"
       }
      },
      "required": [
       "id",
       "case_id",
       "letter_type",
       "status",
       "determination_id",
       "recipient",
       "subject",
       "body",
       "fields",
       "policy_citations",
       "signer_id",
       "created_at",
       "delivered_at",
       "delivery_channel",
       "reissued_from"
      ],
      "type": "object"
     },
     "Line3": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "case_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "line_number": {
        "type": [
         "integer",
         "null"
        ]
       },
       "system": {
        "type": [
         "string",
         "null"
        ]
       },
       "code": {
        "type": [
         "string",
         "null"
        ]
       },
       "display": {
        "type": [
         "string",
         "null"
        ]
       },
       "units": {
        "type": [
         "integer",
         "null"
        ]
       },
       "modifier": {
        "type": [
         "string",
         "null"
        ]
       },
       "outcome": {
        "type": [
         "string",
         "null"
        ]
       },
       "approved_units": {
        "type": [
         "integer",
         "null"
        ]
       }
      },
      "required": [
       "id",
       "case_id",
       "line_number",
       "system",
       "code",
       "display",
       "units",
       "modifier",
       "outcome",
       "approved_units"
      ],
      "type": "object"
     },
     "Message3": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "case_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "audience": {
        "type": [
         "string",
         "null"
        ]
       },
       "kind": {
        "type": [
         "string",
         "null"
        ]
       },
       "subject": {
        "type": [
         "string",
         "null"
        ]
       },
       "sender": {
        "type": [
         "string",
         "null"
        ]
       },
       "sent_at": {
        "type": [
         "string",
         "null"
        ]
       },
       "read_at": {
        "$ref": "#/$defs/JsonValue"
       },
       "details": {
        "anyOf": [
         {
          "$ref": "#/$defs/Details4"
         },
         {
          "type": "null"
         }
        ]
       },
       "preview": {
        "type": [
         "string",
         "null"
        ]
       },
       "unread": {
        "type": [
         "boolean",
         "null"
        ]
       }
      },
      "required": [
       "id",
       "case_id",
       "audience",
       "kind",
       "subject",
       "sender",
       "sent_at",
       "read_at",
       "details",
       "preview",
       "unread"
      ],
      "type": "object"
     },
     "MoreEntry": {
      "description": "A list section cut to fit the result budget: entries returned, entries in all, where to continue.",
      "properties": {
       "returned": {
        "type": "integer"
       },
       "total": {
        "type": "integer"
       },
       "next_offset": {
        "type": "integer"
       }
      },
      "required": [
       "returned",
       "total",
       "next_offset"
      ],
      "type": "object"
     },
     "NextAction": {
      "properties": {
       "tool": {
        "type": [
         "string",
         "null"
        ]
       },
       "action": {
        "type": [
         "string",
         "null"
        ]
       },
       "to_status": {
        "type": [
         "string",
         "null"
        ]
       },
       "hint": {
        "type": [
         "string",
         "null"
        ]
       },
       "awaiting": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "tool",
       "action",
       "to_status",
       "hint"
      ],
      "type": "object"
     },
     "Order": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "date": {
        "type": [
         "string",
         "null"
        ]
       },
       "service_slug": {
        "type": [
         "string",
         "null"
        ]
       },
       "clinical_indication": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "id",
       "date",
       "service_slug",
       "clinical_indication"
      ],
      "type": "object"
     },
     "OrderingOrg": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "name": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "id",
       "name"
      ],
      "type": "object"
     },
     "Patient": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "name": {
        "type": [
         "string",
         "null"
        ]
       },
       "birth_date": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "id",
       "name",
       "birth_date"
      ],
      "type": "object"
     },
     "PayerReplyDetail": {
      "properties": {
       "intake_created": {
        "type": [
         "boolean",
         "null"
        ]
       },
       "intake_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "outcome": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "intake_created",
       "intake_id",
       "outcome"
      ],
      "type": "object"
     },
     "ProviderDetermination2": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "case_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "final_action": {
        "type": [
         "string",
         "null"
        ]
       },
       "document_findings": {
        "items": {
         "anyOf": [
          {
           "$ref": "#/$defs/DocumentFinding2"
          },
          {
           "type": "null"
          }
         ]
        },
        "type": "array"
       },
       "rationale": {
        "type": [
         "string",
         "null"
        ]
       },
       "clinician_request": {
        "$ref": "#/$defs/JsonValue"
       },
       "decided_by": {
        "type": [
         "string",
         "null"
        ]
       },
       "decided_at": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "id",
       "case_id",
       "final_action",
       "document_findings",
       "rationale",
       "clinician_request",
       "decided_by",
       "decided_at"
      ],
      "type": "object"
     },
     "RequestingProvider": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "name": {
        "type": [
         "string",
         "null"
        ]
       },
       "role": {
        "type": [
         "string",
         "null"
        ]
       },
       "org_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "npi": {
        "type": [
         "string",
         "null"
        ]
       },
       "specialty": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "id",
       "name",
       "role",
       "org_id",
       "npi",
       "specialty"
      ],
      "type": "object"
     },
     "RequirementCheck": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "case_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "checked_by": {
        "type": [
         "string",
         "null"
        ]
       },
       "checked_at": {
        "type": [
         "string",
         "null"
        ]
       },
       "pa_required": {
        "type": [
         "boolean",
         "null"
        ]
       },
       "notification_only": {
        "type": [
         "boolean",
         "null"
        ]
       },
       "covered_benefit": {
        "type": [
         "boolean",
         "null"
        ]
       },
       "in_network": {
        "type": [
         "boolean",
         "null"
        ]
       },
       "coverage_active": {
        "type": [
         "boolean",
         "null"
        ]
       },
       "required_document_kinds": {
        "items": {
         "type": [
          "string",
          "null"
         ]
        },
        "type": "array"
       },
       "questionnaire_form_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "policy_reference": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "id",
       "case_id",
       "checked_by",
       "checked_at",
       "pa_required",
       "notification_only",
       "covered_benefit",
       "in_network",
       "coverage_active",
       "required_document_kinds",
       "questionnaire_form_id",
       "policy_reference"
      ],
      "type": "object"
     },
     "ResultBudgetNote": {
      "description": "What the dispatcher's last-resort cut left out: ``omitted`` maps a path to what was kept of it.",
      "properties": {
       "limit": {
        "type": "integer"
       },
       "full_chars": {
        "type": "integer"
       },
       "omitted": {
        "additionalProperties": {
         "type": "string"
        },
        "type": "object"
       },
       "how": {
        "type": "string"
       }
      },
      "required": [
       "limit",
       "full_chars",
       "omitted",
       "how"
      ],
      "type": "object"
     },
     "StatusHistoryItem": {
      "properties": {
       "at": {
        "type": [
         "string",
         "null"
        ]
       },
       "from": {
        "type": [
         "string",
         "null"
        ]
       },
       "to": {
        "type": [
         "string",
         "null"
        ]
       },
       "actor_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "reason": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "at",
       "from",
       "to",
       "actor_id",
       "reason"
      ],
      "type": "object"
     },
     "StructuredValueItem": {
      "properties": {
       "code": {
        "type": [
         "string",
         "null"
        ]
       },
       "line_number": {
        "type": [
         "integer",
         "null"
        ]
       },
       "modifier": {
        "$ref": "#/$defs/JsonValue"
       },
       "system": {
        "type": [
         "string",
         "null"
        ]
       },
       "units": {
        "type": [
         "integer",
         "null"
        ]
       }
      },
      "required": [
       "code",
       "line_number",
       "modifier",
       "system",
       "units"
      ],
      "type": "object"
     }
    },
    "properties": {
     "result_budget": {
      "$ref": "#/$defs/ResultBudgetNote"
     },
     "more": {
      "additionalProperties": {
       "$ref": "#/$defs/MoreEntry"
      },
      "type": "object"
     },
     "more_hint": {
      "type": "string"
     },
     "section": {
      "type": "string"
     },
     "total": {
      "type": "integer"
     },
     "offset": {
      "type": "integer"
     },
     "limit": {
      "type": "integer"
     },
     "next_offset": {
      "type": [
       "integer",
       "null"
      ]
     },
     "page_note": {
      "type": "string"
     },
     "case": {
      "anyOf": [
       {
        "$ref": "#/$defs/Case4"
       },
       {
        "type": "null"
       }
      ]
     },
     "ordering_org": {
      "anyOf": [
       {
        "$ref": "#/$defs/OrderingOrg"
       },
       {
        "type": "null"
       }
      ]
     },
     "order": {
      "anyOf": [
       {
        "$ref": "#/$defs/Order"
       },
       {
        "type": "null"
       }
      ]
     },
     "patient": {
      "anyOf": [
       {
        "$ref": "#/$defs/Patient"
       },
       {
        "type": "null"
       }
      ]
     },
     "coverage": {
      "anyOf": [
       {
        "$ref": "#/$defs/Coverage2"
       },
       {
        "type": "null"
       }
      ]
     },
     "requesting_provider": {
      "anyOf": [
       {
        "$ref": "#/$defs/RequestingProvider"
       },
       {
        "type": "null"
       }
      ]
     },
     "lines": {
      "items": {
       "anyOf": [
        {
         "$ref": "#/$defs/Line3"
        },
        {
         "type": "null"
        }
       ]
      },
      "type": "array"
     },
     "requirement_checks": {
      "items": {
       "anyOf": [
        {
         "$ref": "#/$defs/RequirementCheck"
        },
        {
         "type": "null"
        }
       ]
      },
      "type": "array"
     },
     "provider_determinations": {
      "items": {
       "anyOf": [
        {
         "$ref": "#/$defs/ProviderDetermination2"
        },
        {
         "type": "null"
        }
       ]
      },
      "type": "array"
     },
     "form_responses": {
      "items": {
       "anyOf": [
        {
         "$ref": "#/$defs/FormRespons"
        },
        {
         "type": "null"
        }
       ]
      },
      "type": "array"
     },
     "case_documents": {
      "items": {
       "anyOf": [
        {
         "$ref": "#/$defs/CaseDocument2"
        },
        {
         "type": "null"
        }
       ]
      },
      "type": "array"
     },
     "submissions": {
      "items": {
       "anyOf": [
        {
         "$ref": "#/$defs/LatestSubmission"
        },
        {
         "type": "null"
        }
       ]
      },
      "type": "array"
     },
     "unreadable_fax_pages": {
      "items": {
       "$ref": "#/$defs/JsonValue"
      },
      "type": "array"
     },
     "messages": {
      "items": {
       "anyOf": [
        {
         "$ref": "#/$defs/Message3"
        },
        {
         "type": "null"
        }
       ]
      },
      "type": "array"
     },
     "letters": {
      "items": {
       "anyOf": [
        {
         "$ref": "#/$defs/Letter2"
        },
        {
         "type": "null"
        }
       ]
      },
      "type": "array"
     },
     "p2p_requests": {
      "items": {
       "$ref": "#/$defs/JsonValue"
      },
      "type": "array"
     },
     "appeals": {
      "items": {
       "anyOf": [
        {
         "$ref": "#/$defs/Appeal"
        },
        {
         "type": "null"
        }
       ]
      },
      "type": "array"
     },
     "status_history": {
      "items": {
       "anyOf": [
        {
         "$ref": "#/$defs/StatusHistoryItem"
        },
        {
         "type": "null"
        }
       ]
      },
      "type": "array"
     },
     "next_actions": {
      "items": {
       "anyOf": [
        {
         "$ref": "#/$defs/NextAction"
        },
        {
         "type": "null"
        }
       ]
      },
      "type": "array"
     }
    },
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
     "case_documents",
     "submissions",
     "unreadable_fax_pages",
     "messages",
     "letters",
     "p2p_requests",
     "appeals",
     "status_history",
     "next_actions"
    ],
    "type": "object"
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
    "$defs": {
     "Cas": {
      "properties": {
       "case_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "status": {
        "type": [
         "string",
         "null"
        ]
       },
       "urgency": {
        "type": [
         "string",
         "null"
        ]
       },
       "patient": {
        "anyOf": [
         {
          "$ref": "#/$defs/OrderingOrg"
         },
         {
          "type": "null"
         }
        ]
       },
       "member_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "plan_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "codes": {
        "items": {
         "type": [
          "string",
          "null"
         ]
        },
        "type": "array"
       },
       "site_of_service": {
        "type": [
         "string",
         "null"
        ]
       },
       "requested_start": {
        "type": [
         "string",
         "null"
        ]
       },
       "created_at": {
        "type": [
         "string",
         "null"
        ]
       },
       "updated_at": {
        "type": [
         "string",
         "null"
        ]
       },
       "pend_due_at": {
        "$ref": "#/$defs/JsonValue"
       },
       "authorization_number": {
        "$ref": "#/$defs/JsonValue"
       }
      },
      "required": [
       "case_id",
       "status",
       "urgency",
       "patient",
       "member_id",
       "plan_id",
       "codes",
       "site_of_service",
       "requested_start",
       "created_at",
       "updated_at",
       "pend_due_at",
       "authorization_number"
      ],
      "type": "object"
     },
     "JsonValue": {},
     "OrderingOrg": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "name": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "id",
       "name"
      ],
      "type": "object"
     },
     "ResultBudgetNote": {
      "description": "What the dispatcher's last-resort cut left out: ``omitted`` maps a path to what was kept of it.",
      "properties": {
       "limit": {
        "type": "integer"
       },
       "full_chars": {
        "type": "integer"
       },
       "omitted": {
        "additionalProperties": {
         "type": "string"
        },
        "type": "object"
       },
       "how": {
        "type": "string"
       }
      },
      "required": [
       "limit",
       "full_chars",
       "omitted",
       "how"
      ],
      "type": "object"
     }
    },
    "properties": {
     "result_budget": {
      "$ref": "#/$defs/ResultBudgetNote"
     },
     "total": {
      "type": "integer"
     },
     "offset": {
      "type": "integer"
     },
     "limit": {
      "type": "integer"
     },
     "next_offset": {
      "type": [
       "integer",
       "null"
      ]
     },
     "page_note": {
      "type": "string"
     },
     "cases": {
      "items": {
       "anyOf": [
        {
         "$ref": "#/$defs/Cas"
        },
        {
         "type": "null"
        }
       ]
      },
      "type": "array"
     }
    },
    "required": [
     "total",
     "offset",
     "limit",
     "next_offset",
     "cases"
    ],
    "type": "object"
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
    "$defs": {
     "ActiveOn": {
      "properties": {
       "date": {
        "type": [
         "string",
         "null"
        ]
       },
       "active": {
        "type": [
         "boolean",
         "null"
        ]
       }
      },
      "required": [
       "date",
       "active"
      ],
      "type": "object"
     },
     "Allergy": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "substance": {
        "type": [
         "string",
         "null"
        ]
       },
       "reaction": {
        "type": [
         "string",
         "null"
        ]
       },
       "severity": {
        "type": [
         "string",
         "null"
        ]
       },
       "recorded": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "id",
       "substance",
       "reaction",
       "severity",
       "recorded"
      ],
      "type": "object"
     },
     "Code": {
      "properties": {
       "loinc": {
        "type": [
         "string",
         "null"
        ]
       },
       "display": {
        "type": [
         "string",
         "null"
        ]
       },
       "count": {
        "type": [
         "integer",
         "null"
        ]
       },
       "latest_date": {
        "type": [
         "string",
         "null"
        ]
       },
       "earliest_date": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "loinc",
       "display",
       "count",
       "latest_date",
       "earliest_date"
      ],
      "type": "object"
     },
     "Condition": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "code": {
        "type": [
         "string",
         "null"
        ]
       },
       "display": {
        "type": [
         "string",
         "null"
        ]
       },
       "onset": {
        "type": [
         "string",
         "null"
        ]
       },
       "status": {
        "type": [
         "string",
         "null"
        ]
       },
       "abatement": {
        "$ref": "#/$defs/JsonValue"
       },
       "note": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "id",
       "code",
       "display",
       "onset",
       "status",
       "abatement",
       "note"
      ],
      "type": "object"
     },
     "Coverage": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "patient_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "plan_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "member_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "group_number": {
        "type": [
         "string",
         "null"
        ]
       },
       "status": {
        "type": [
         "string",
         "null"
        ]
       },
       "effective_date": {
        "type": [
         "string",
         "null"
        ]
       },
       "termination_date": {
        "type": [
         "string",
         "null"
        ]
       },
       "plan_name": {
        "type": [
         "string",
         "null"
        ]
       },
       "line_of_business": {
        "type": [
         "string",
         "null"
        ]
       },
       "product": {
        "type": [
         "string",
         "null"
        ]
       },
       "plan_state": {
        "type": [
         "string",
         "null"
        ]
       },
       "active_on": {
        "anyOf": [
         {
          "$ref": "#/$defs/ActiveOn"
         },
         {
          "type": "null"
         }
        ]
       }
      },
      "required": [
       "id",
       "patient_id",
       "plan_id",
       "member_id",
       "group_number",
       "status",
       "effective_date",
       "termination_date",
       "plan_name",
       "line_of_business",
       "product",
       "plan_state",
       "active_on"
      ],
      "type": "object"
     },
     "JsonValue": {},
     "Medication": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "name": {
        "type": [
         "string",
         "null"
        ]
       },
       "rxnorm": {
        "$ref": "#/$defs/JsonValue"
       },
       "dose": {
        "type": [
         "string",
         "null"
        ]
       },
       "route": {
        "type": [
         "string",
         "null"
        ]
       },
       "frequency": {
        "type": [
         "string",
         "null"
        ]
       },
       "start": {
        "type": [
         "string",
         "null"
        ]
       },
       "end": {
        "type": [
         "string",
         "null"
        ]
       },
       "status": {
        "type": [
         "string",
         "null"
        ]
       },
       "prescriber_worker_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "note": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "id",
       "name",
       "rxnorm",
       "dose",
       "route",
       "frequency",
       "start",
       "end",
       "status",
       "prescriber_worker_id",
       "note"
      ],
      "type": "object"
     },
     "MoreEntry": {
      "description": "A list section cut to fit the result budget: entries returned, entries in all, where to continue.",
      "properties": {
       "returned": {
        "type": "integer"
       },
       "total": {
        "type": "integer"
       },
       "next_offset": {
        "type": "integer"
       }
      },
      "required": [
       "returned",
       "total",
       "next_offset"
      ],
      "type": "object"
     },
     "Observation": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "encounter_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "loinc": {
        "type": [
         "string",
         "null"
        ]
       },
       "display": {
        "type": [
         "string",
         "null"
        ]
       },
       "date": {
        "type": [
         "string",
         "null"
        ]
       },
       "value_num": {
        "type": [
         "number",
         "null"
        ]
       },
       "value_text": {
        "type": [
         "string",
         "null"
        ]
       },
       "unit": {
        "type": [
         "string",
         "null"
        ]
       },
       "reference_range": {
        "type": [
         "string",
         "null"
        ]
       },
       "interpretation": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "id",
       "encounter_id",
       "loinc",
       "display",
       "date",
       "value_num",
       "value_text",
       "unit",
       "reference_range",
       "interpretation"
      ],
      "type": "object"
     },
     "ObservationsMeta": {
      "properties": {
       "total_in_chart": {
        "type": [
         "integer",
         "null"
        ]
       },
       "matched": {
        "type": [
         "integer",
         "null"
        ]
       },
       "returned": {
        "type": [
         "integer",
         "null"
        ]
       },
       "per_code": {
        "type": [
         "integer",
         "null"
        ]
       },
       "since": {
        "$ref": "#/$defs/JsonValue"
       },
       "until": {
        "$ref": "#/$defs/JsonValue"
       },
       "loinc_codes": {
        "items": {
         "$ref": "#/$defs/JsonValue"
        },
        "type": "array"
       },
       "codes": {
        "items": {
         "anyOf": [
          {
           "$ref": "#/$defs/Code"
          },
          {
           "type": "null"
          }
         ]
        },
        "type": "array"
       }
      },
      "required": [
       "total_in_chart",
       "matched",
       "returned",
       "per_code",
       "since",
       "until",
       "loinc_codes",
       "codes"
      ],
      "type": "object"
     },
     "Patient2": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "given_name": {
        "type": [
         "string",
         "null"
        ]
       },
       "family_name": {
        "type": [
         "string",
         "null"
        ]
       },
       "birth_date": {
        "type": [
         "string",
         "null"
        ]
       },
       "sex": {
        "type": [
         "string",
         "null"
        ]
       },
       "address_line": {
        "type": [
         "string",
         "null"
        ]
       },
       "city": {
        "type": [
         "string",
         "null"
        ]
       },
       "state": {
        "type": [
         "string",
         "null"
        ]
       },
       "postal_code": {
        "type": [
         "string",
         "null"
        ]
       },
       "phone": {
        "type": [
         "string",
         "null"
        ]
       },
       "preferred_language": {
        "type": [
         "string",
         "null"
        ]
       },
       "pcp_worker_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "domain": {
        "type": [
         "string",
         "null"
        ]
       },
       "age": {
        "type": [
         "integer",
         "null"
        ]
       },
       "pcp": {
        "anyOf": [
         {
          "$ref": "#/$defs/RequestingProvider"
         },
         {
          "type": "null"
         }
        ]
       }
      },
      "required": [
       "id",
       "given_name",
       "family_name",
       "birth_date",
       "sex",
       "address_line",
       "city",
       "state",
       "postal_code",
       "phone",
       "preferred_language",
       "pcp_worker_id",
       "domain",
       "age",
       "pcp"
      ],
      "type": "object"
     },
     "PriorPaCas": {
      "properties": {
       "case_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "status": {
        "type": [
         "string",
         "null"
        ]
       },
       "order_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "codes": {
        "items": {
         "type": [
          "string",
          "null"
         ]
        },
        "type": "array"
       },
       "urgency": {
        "type": [
         "string",
         "null"
        ]
       },
       "created_at": {
        "type": [
         "string",
         "null"
        ]
       },
       "authorization_number": {
        "$ref": "#/$defs/JsonValue"
       },
       "auth_valid_from": {
        "$ref": "#/$defs/JsonValue"
       },
       "auth_valid_to": {
        "$ref": "#/$defs/JsonValue"
       },
       "outcome_reason": {
        "$ref": "#/$defs/JsonValue"
       }
      },
      "required": [
       "case_id",
       "status",
       "order_id",
       "codes",
       "urgency",
       "created_at",
       "authorization_number",
       "auth_valid_from",
       "auth_valid_to",
       "outcome_reason"
      ],
      "type": "object"
     },
     "Procedure": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "system": {
        "type": [
         "string",
         "null"
        ]
       },
       "code": {
        "type": [
         "string",
         "null"
        ]
       },
       "display": {
        "type": [
         "string",
         "null"
        ]
       },
       "date": {
        "type": [
         "string",
         "null"
        ]
       },
       "performer_worker_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "note": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "id",
       "system",
       "code",
       "display",
       "date",
       "performer_worker_id",
       "note"
      ],
      "type": "object"
     },
     "RequestingProvider": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "name": {
        "type": [
         "string",
         "null"
        ]
       },
       "role": {
        "type": [
         "string",
         "null"
        ]
       },
       "org_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "npi": {
        "type": [
         "string",
         "null"
        ]
       },
       "specialty": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "id",
       "name",
       "role",
       "org_id",
       "npi",
       "specialty"
      ],
      "type": "object"
     },
     "ResultBudgetNote": {
      "description": "What the dispatcher's last-resort cut left out: ``omitted`` maps a path to what was kept of it.",
      "properties": {
       "limit": {
        "type": "integer"
       },
       "full_chars": {
        "type": "integer"
       },
       "omitted": {
        "additionalProperties": {
         "type": "string"
        },
        "type": "object"
       },
       "how": {
        "type": "string"
       }
      },
      "required": [
       "limit",
       "full_chars",
       "omitted",
       "how"
      ],
      "type": "object"
     }
    },
    "properties": {
     "result_budget": {
      "$ref": "#/$defs/ResultBudgetNote"
     },
     "more": {
      "additionalProperties": {
       "$ref": "#/$defs/MoreEntry"
      },
      "type": "object"
     },
     "more_hint": {
      "type": "string"
     },
     "section": {
      "type": "string"
     },
     "total": {
      "type": "integer"
     },
     "offset": {
      "type": "integer"
     },
     "limit": {
      "type": "integer"
     },
     "next_offset": {
      "type": [
       "integer",
       "null"
      ]
     },
     "page_note": {
      "type": "string"
     },
     "as_of": {
      "type": [
       "string",
       "null"
      ]
     },
     "patient": {
      "anyOf": [
       {
        "$ref": "#/$defs/Patient2"
       },
       {
        "type": "null"
       }
      ]
     },
     "coverages": {
      "items": {
       "anyOf": [
        {
         "$ref": "#/$defs/Coverage"
        },
        {
         "type": "null"
        }
       ]
      },
      "type": "array"
     },
     "conditions": {
      "items": {
       "anyOf": [
        {
         "$ref": "#/$defs/Condition"
        },
        {
         "type": "null"
        }
       ]
      },
      "type": "array"
     },
     "encounters": {
      "items": {
       "$ref": "#/$defs/JsonValue"
      },
      "type": "array"
     },
     "observations": {
      "items": {
       "anyOf": [
        {
         "$ref": "#/$defs/Observation"
        },
        {
         "type": "null"
        }
       ]
      },
      "type": "array"
     },
     "observations_meta": {
      "anyOf": [
       {
        "$ref": "#/$defs/ObservationsMeta"
       },
       {
        "type": "null"
       }
      ]
     },
     "medications": {
      "items": {
       "anyOf": [
        {
         "$ref": "#/$defs/Medication"
        },
        {
         "type": "null"
        }
       ]
      },
      "type": "array"
     },
     "procedures": {
      "items": {
       "anyOf": [
        {
         "$ref": "#/$defs/Procedure"
        },
        {
         "type": "null"
        }
       ]
      },
      "type": "array"
     },
     "allergies": {
      "items": {
       "anyOf": [
        {
         "$ref": "#/$defs/Allergy"
        },
        {
         "type": "null"
        }
       ]
      },
      "type": "array"
     },
     "documents": {
      "items": {
       "$ref": "#/$defs/JsonValue"
      },
      "type": "array"
     },
     "prior_pa_cases": {
      "items": {
       "anyOf": [
        {
         "$ref": "#/$defs/PriorPaCas"
        },
        {
         "type": "null"
        }
       ]
      },
      "type": "array"
     }
    },
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
    ],
    "type": "object"
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
    "$defs": {
     "JsonValue": {},
     "Line4": {
      "properties": {
       "code": {
        "type": [
         "string",
         "null"
        ]
       },
       "display": {
        "type": [
         "string",
         "null"
        ]
       },
       "modifier": {
        "$ref": "#/$defs/JsonValue"
       },
       "system": {
        "type": [
         "string",
         "null"
        ]
       },
       "units": {
        "type": [
         "integer",
         "null"
        ]
       }
      },
      "required": [
       "code",
       "display",
       "modifier",
       "system",
       "units"
      ],
      "type": "object"
     },
     "Order2": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "patient_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "date": {
        "type": [
         "string",
         "null"
        ]
       },
       "ordering_worker_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "org_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "servicing_org_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "service_slug": {
        "type": [
         "string",
         "null"
        ]
       },
       "service_category": {
        "type": [
         "string",
         "null"
        ]
       },
       "lines": {
        "items": {
         "anyOf": [
          {
           "$ref": "#/$defs/Line4"
          },
          {
           "type": "null"
          }
         ]
        },
        "type": "array"
       },
       "diagnosis_codes": {
        "items": {
         "type": [
          "string",
          "null"
         ]
        },
        "type": "array"
       },
       "priority": {
        "type": [
         "string",
         "null"
        ]
       },
       "site_of_service": {
        "type": [
         "string",
         "null"
        ]
       },
       "requested_date": {
        "type": [
         "string",
         "null"
        ]
       },
       "clinical_indication": {
        "type": [
         "string",
         "null"
        ]
       },
       "status": {
        "type": [
         "string",
         "null"
        ]
       },
       "units_total": {
        "type": [
         "integer",
         "null"
        ]
       },
       "org_name": {
        "type": [
         "string",
         "null"
        ]
       },
       "ordering_provider": {
        "anyOf": [
         {
          "$ref": "#/$defs/RequestingProvider"
         },
         {
          "type": "null"
         }
        ]
       },
       "cases": {
        "items": {
         "$ref": "#/$defs/JsonValue"
        },
        "type": "array"
       }
      },
      "required": [
       "id",
       "patient_id",
       "date",
       "ordering_worker_id",
       "org_id",
       "servicing_org_id",
       "service_slug",
       "service_category",
       "lines",
       "diagnosis_codes",
       "priority",
       "site_of_service",
       "requested_date",
       "clinical_indication",
       "status",
       "units_total",
       "org_name",
       "ordering_provider",
       "cases"
      ],
      "type": "object"
     },
     "RequestingProvider": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "name": {
        "type": [
         "string",
         "null"
        ]
       },
       "role": {
        "type": [
         "string",
         "null"
        ]
       },
       "org_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "npi": {
        "type": [
         "string",
         "null"
        ]
       },
       "specialty": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "id",
       "name",
       "role",
       "org_id",
       "npi",
       "specialty"
      ],
      "type": "object"
     },
     "ResultBudgetNote": {
      "description": "What the dispatcher's last-resort cut left out: ``omitted`` maps a path to what was kept of it.",
      "properties": {
       "limit": {
        "type": "integer"
       },
       "full_chars": {
        "type": "integer"
       },
       "omitted": {
        "additionalProperties": {
         "type": "string"
        },
        "type": "object"
       },
       "how": {
        "type": "string"
       }
      },
      "required": [
       "limit",
       "full_chars",
       "omitted",
       "how"
      ],
      "type": "object"
     }
    },
    "properties": {
     "result_budget": {
      "$ref": "#/$defs/ResultBudgetNote"
     },
     "total": {
      "type": "integer"
     },
     "offset": {
      "type": "integer"
     },
     "limit": {
      "type": "integer"
     },
     "next_offset": {
      "type": [
       "integer",
       "null"
      ]
     },
     "page_note": {
      "type": "string"
     },
     "orders": {
      "items": {
       "anyOf": [
        {
         "$ref": "#/$defs/Order2"
        },
        {
         "type": "null"
        }
       ]
      },
      "type": "array"
     }
    },
    "required": [
     "total",
     "offset",
     "limit",
     "next_offset",
     "orders"
    ],
    "type": "object"
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
    "$defs": {
     "Coverage3": {
      "properties": {
       "member_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "plan_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "plan_name": {
        "type": [
         "string",
         "null"
        ]
       },
       "status": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "member_id",
       "plan_id",
       "plan_name",
       "status"
      ],
      "type": "object"
     },
     "Patient3": {
      "properties": {
       "patient_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "given_name": {
        "type": [
         "string",
         "null"
        ]
       },
       "family_name": {
        "type": [
         "string",
         "null"
        ]
       },
       "birth_date": {
        "type": [
         "string",
         "null"
        ]
       },
       "sex": {
        "type": [
         "string",
         "null"
        ]
       },
       "city": {
        "type": [
         "string",
         "null"
        ]
       },
       "state": {
        "type": [
         "string",
         "null"
        ]
       },
       "phone": {
        "type": [
         "string",
         "null"
        ]
       },
       "coverages": {
        "items": {
         "anyOf": [
          {
           "$ref": "#/$defs/Coverage3"
          },
          {
           "type": "null"
          }
         ]
        },
        "type": "array"
       }
      },
      "required": [
       "patient_id",
       "given_name",
       "family_name",
       "birth_date",
       "sex",
       "city",
       "state",
       "phone",
       "coverages"
      ],
      "type": "object"
     },
     "ResultBudgetNote": {
      "description": "What the dispatcher's last-resort cut left out: ``omitted`` maps a path to what was kept of it.",
      "properties": {
       "limit": {
        "type": "integer"
       },
       "full_chars": {
        "type": "integer"
       },
       "omitted": {
        "additionalProperties": {
         "type": "string"
        },
        "type": "object"
       },
       "how": {
        "type": "string"
       }
      },
      "required": [
       "limit",
       "full_chars",
       "omitted",
       "how"
      ],
      "type": "object"
     }
    },
    "properties": {
     "result_budget": {
      "$ref": "#/$defs/ResultBudgetNote"
     },
     "patients": {
      "items": {
       "anyOf": [
        {
         "$ref": "#/$defs/Patient3"
        },
        {
         "type": "null"
        }
       ]
      },
      "type": "array"
     },
     "count": {
      "type": [
       "integer",
       "null"
      ]
     }
    },
    "required": [
     "patients",
     "count"
    ],
    "type": "object"
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
    "$defs": {
     "Details5": {
      "properties": {
       "document_ids": {
        "items": {
         "type": [
          "string",
          "null"
         ]
        },
        "type": "array"
       },
       "note": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "document_ids",
       "note"
      ],
      "type": "object"
     },
     "JsonValue": {},
     "ResultBudgetNote": {
      "description": "What the dispatcher's last-resort cut left out: ``omitted`` maps a path to what was kept of it.",
      "properties": {
       "limit": {
        "type": "integer"
       },
       "full_chars": {
        "type": "integer"
       },
       "omitted": {
        "additionalProperties": {
         "type": "string"
        },
        "type": "object"
       },
       "how": {
        "type": "string"
       }
      },
      "required": [
       "limit",
       "full_chars",
       "omitted",
       "how"
      ],
      "type": "object"
     }
    },
    "properties": {
     "result_budget": {
      "$ref": "#/$defs/ResultBudgetNote"
     },
     "id": {
      "type": [
       "string",
       "null"
      ]
     },
     "patient_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "case_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "encounter_id": {
      "$ref": "#/$defs/JsonValue"
     },
     "kind": {
      "type": [
       "string",
       "null"
      ]
     },
     "title": {
      "type": [
       "string",
       "null"
      ]
     },
     "body": {
      "type": [
       "string",
       "null"
      ]
     },
     "date": {
      "type": [
       "string",
       "null"
      ]
     },
     "author_worker_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "signed": {
      "type": [
       "boolean",
       "null"
      ]
     },
     "signed_by": {
      "$ref": "#/$defs/JsonValue"
     },
     "signed_at": {
      "$ref": "#/$defs/JsonValue"
     },
     "origin": {
      "type": [
       "string",
       "null"
      ]
     },
     "side": {
      "type": [
       "string",
       "null"
      ]
     },
     "copied_from": {
      "$ref": "#/$defs/JsonValue"
     },
     "created_at": {
      "type": [
       "string",
       "null"
      ]
     },
     "details": {
      "anyOf": [
       {
        "$ref": "#/$defs/Details5"
       },
       {
        "type": "null"
       }
      ]
     }
    },
    "required": [
     "id",
     "patient_id",
     "case_id",
     "encounter_id",
     "kind",
     "title",
     "body",
     "date",
     "author_worker_id",
     "signed",
     "signed_by",
     "signed_at",
     "origin",
     "side",
     "copied_from",
     "created_at",
     "details"
    ],
    "type": "object"
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
    "$defs": {
     "Details6": {
      "properties": {
       "clinician_reply": {
        "anyOf": [
         {
          "$ref": "#/$defs/DetailsValue"
         },
         {
          "type": "null"
         }
        ]
       }
      },
      "type": "object"
     },
     "DetailsValue": {
      "properties": {
       "case_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "determination_id": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "case_id",
       "determination_id"
      ],
      "type": "object"
     },
     "JsonValue": {},
     "RequestingProvider": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "name": {
        "type": [
         "string",
         "null"
        ]
       },
       "role": {
        "type": [
         "string",
         "null"
        ]
       },
       "org_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "npi": {
        "type": [
         "string",
         "null"
        ]
       },
       "specialty": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "id",
       "name",
       "role",
       "org_id",
       "npi",
       "specialty"
      ],
      "type": "object"
     },
     "ResultBudgetNote": {
      "description": "What the dispatcher's last-resort cut left out: ``omitted`` maps a path to what was kept of it.",
      "properties": {
       "limit": {
        "type": "integer"
       },
       "full_chars": {
        "type": "integer"
       },
       "omitted": {
        "additionalProperties": {
         "type": "string"
        },
        "type": "object"
       },
       "how": {
        "type": "string"
       }
      },
      "required": [
       "limit",
       "full_chars",
       "omitted",
       "how"
      ],
      "type": "object"
     }
    },
    "properties": {
     "result_budget": {
      "$ref": "#/$defs/ResultBudgetNote"
     },
     "id": {
      "type": [
       "string",
       "null"
      ]
     },
     "patient_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "case_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "encounter_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "kind": {
      "type": [
       "string",
       "null"
      ]
     },
     "title": {
      "type": [
       "string",
       "null"
      ]
     },
     "body": {
      "type": [
       "string",
       "null"
      ]
     },
     "date": {
      "type": [
       "string",
       "null"
      ]
     },
     "author_worker_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "signed": {
      "type": [
       "boolean",
       "null"
      ]
     },
     "signed_by": {
      "type": [
       "string",
       "null"
      ]
     },
     "signed_at": {
      "type": [
       "string",
       "null"
      ]
     },
     "origin": {
      "type": [
       "string",
       "null"
      ]
     },
     "side": {
      "type": [
       "string",
       "null"
      ]
     },
     "copied_from": {
      "$ref": "#/$defs/JsonValue"
     },
     "created_at": {
      "type": [
       "string",
       "null"
      ]
     },
     "details": {
      "anyOf": [
       {
        "$ref": "#/$defs/Details6"
       },
       {
        "type": "null"
       }
      ]
     },
     "author": {
      "anyOf": [
       {
        "$ref": "#/$defs/RequestingProvider"
       },
       {
        "type": "null"
       }
      ]
     },
     "clinician_signed": {
      "type": [
       "boolean",
       "null"
      ]
     },
     "body_chars": {
      "type": [
       "integer",
       "null"
      ]
     },
     "body_offset": {
      "type": [
       "integer",
       "null"
      ]
     },
     "body_next_offset": {
      "$ref": "#/$defs/JsonValue"
     }
    },
    "required": [
     "id",
     "patient_id",
     "case_id",
     "encounter_id",
     "kind",
     "title",
     "body",
     "date",
     "author_worker_id",
     "signed",
     "signed_by",
     "signed_at",
     "origin",
     "side",
     "copied_from",
     "created_at",
     "details",
     "author",
     "clinician_signed",
     "body_chars",
     "body_offset",
     "body_next_offset"
    ],
    "type": "object"
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
    "$defs": {
     "Document": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "patient_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "case_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "encounter_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "kind": {
        "type": [
         "string",
         "null"
        ]
       },
       "title": {
        "type": [
         "string",
         "null"
        ]
       },
       "date": {
        "type": [
         "string",
         "null"
        ]
       },
       "author_worker_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "signed": {
        "type": [
         "boolean",
         "null"
        ]
       },
       "signed_by": {
        "type": [
         "string",
         "null"
        ]
       },
       "signed_at": {
        "type": [
         "string",
         "null"
        ]
       },
       "origin": {
        "type": [
         "string",
         "null"
        ]
       },
       "side": {
        "type": [
         "string",
         "null"
        ]
       },
       "copied_from": {
        "$ref": "#/$defs/JsonValue"
       },
       "created_at": {
        "type": [
         "string",
         "null"
        ]
       },
       "details": {
        "anyOf": [
         {
          "additionalProperties": {
           "anyOf": [
            {
             "type": "string"
            },
            {
             "type": "boolean"
            },
            {
             "type": "integer"
            },
            {
             "items": {
              "type": [
               "string",
               "null"
              ]
             },
             "type": "array"
            },
            {
             "type": "null"
            }
           ]
          },
          "type": "object"
         },
         {
          "type": "null"
         }
        ]
       },
       "author": {
        "anyOf": [
         {
          "$ref": "#/$defs/RequestingProvider"
         },
         {
          "type": "null"
         }
        ]
       },
       "clinician_signed": {
        "type": [
         "boolean",
         "null"
        ]
       },
       "body_chars": {
        "type": [
         "integer",
         "null"
        ]
       }
      },
      "required": [
       "id",
       "patient_id",
       "case_id",
       "encounter_id",
       "kind",
       "title",
       "date",
       "author_worker_id",
       "signed",
       "signed_by",
       "signed_at",
       "origin",
       "side",
       "copied_from",
       "created_at",
       "details",
       "author",
       "clinician_signed",
       "body_chars"
      ],
      "type": "object"
     },
     "JsonValue": {},
     "RequestingProvider": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "name": {
        "type": [
         "string",
         "null"
        ]
       },
       "role": {
        "type": [
         "string",
         "null"
        ]
       },
       "org_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "npi": {
        "type": [
         "string",
         "null"
        ]
       },
       "specialty": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "id",
       "name",
       "role",
       "org_id",
       "npi",
       "specialty"
      ],
      "type": "object"
     },
     "ResultBudgetNote": {
      "description": "What the dispatcher's last-resort cut left out: ``omitted`` maps a path to what was kept of it.",
      "properties": {
       "limit": {
        "type": "integer"
       },
       "full_chars": {
        "type": "integer"
       },
       "omitted": {
        "additionalProperties": {
         "type": "string"
        },
        "type": "object"
       },
       "how": {
        "type": "string"
       }
      },
      "required": [
       "limit",
       "full_chars",
       "omitted",
       "how"
      ],
      "type": "object"
     }
    },
    "properties": {
     "result_budget": {
      "$ref": "#/$defs/ResultBudgetNote"
     },
     "total": {
      "type": "integer"
     },
     "offset": {
      "type": "integer"
     },
     "limit": {
      "type": "integer"
     },
     "next_offset": {
      "type": [
       "integer",
       "null"
      ]
     },
     "page_note": {
      "type": "string"
     },
     "documents": {
      "items": {
       "anyOf": [
        {
         "$ref": "#/$defs/Document"
        },
        {
         "type": "null"
        }
       ]
      },
      "type": "array"
     }
    },
    "required": [
     "total",
     "offset",
     "limit",
     "next_offset",
     "documents"
    ],
    "type": "object"
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
    "$defs": {
     "JsonValue": {},
     "ResultBudgetNote": {
      "description": "What the dispatcher's last-resort cut left out: ``omitted`` maps a path to what was kept of it.",
      "properties": {
       "limit": {
        "type": "integer"
       },
       "full_chars": {
        "type": "integer"
       },
       "omitted": {
        "additionalProperties": {
         "type": "string"
        },
        "type": "object"
       },
       "how": {
        "type": "string"
       }
      },
      "required": [
       "limit",
       "full_chars",
       "omitted",
       "how"
      ],
      "type": "object"
     }
    },
    "properties": {
     "result_budget": {
      "$ref": "#/$defs/ResultBudgetNote"
     },
     "id": {
      "type": [
       "string",
       "null"
      ]
     },
     "patient_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "case_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "encounter_id": {
      "$ref": "#/$defs/JsonValue"
     },
     "kind": {
      "type": [
       "string",
       "null"
      ]
     },
     "title": {
      "type": [
       "string",
       "null"
      ]
     },
     "body": {
      "type": [
       "string",
       "null"
      ]
     },
     "date": {
      "type": [
       "string",
       "null"
      ]
     },
     "author_worker_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "signed": {
      "type": [
       "boolean",
       "null"
      ]
     },
     "signed_by": {
      "type": [
       "string",
       "null"
      ]
     },
     "signed_at": {
      "type": [
       "string",
       "null"
      ]
     },
     "origin": {
      "type": [
       "string",
       "null"
      ]
     },
     "side": {
      "type": [
       "string",
       "null"
      ]
     },
     "copied_from": {
      "$ref": "#/$defs/JsonValue"
     },
     "created_at": {
      "type": [
       "string",
       "null"
      ]
     },
     "details": {
      "anyOf": [
       {
        "additionalProperties": {
         "$ref": "#/$defs/JsonValue"
        },
        "type": "object"
       },
       {
        "type": "null"
       }
      ]
     },
     "clinician_signed": {
      "type": [
       "boolean",
       "null"
      ]
     }
    },
    "required": [
     "id",
     "patient_id",
     "case_id",
     "encounter_id",
     "kind",
     "title",
     "body",
     "date",
     "author_worker_id",
     "signed",
     "signed_by",
     "signed_at",
     "origin",
     "side",
     "copied_from",
     "created_at",
     "details",
     "clinician_signed"
    ],
    "type": "object"
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
    "$defs": {
     "Details7": {
      "properties": {
       "binary": {
        "type": [
         "boolean",
         "null"
        ]
       },
       "filename": {
        "type": [
         "string",
         "null"
        ]
       },
       "mime_type": {
        "type": [
         "string",
         "null"
        ]
       },
       "byte_count": {
        "type": [
         "integer",
         "null"
        ]
       },
       "sha256": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "binary",
       "filename",
       "mime_type",
       "byte_count",
       "sha256"
      ],
      "type": "object"
     },
     "JsonValue": {},
     "ResultBudgetNote": {
      "description": "What the dispatcher's last-resort cut left out: ``omitted`` maps a path to what was kept of it.",
      "properties": {
       "limit": {
        "type": "integer"
       },
       "full_chars": {
        "type": "integer"
       },
       "omitted": {
        "additionalProperties": {
         "type": "string"
        },
        "type": "object"
       },
       "how": {
        "type": "string"
       }
      },
      "required": [
       "limit",
       "full_chars",
       "omitted",
       "how"
      ],
      "type": "object"
     }
    },
    "properties": {
     "result_budget": {
      "$ref": "#/$defs/ResultBudgetNote"
     },
     "id": {
      "type": [
       "string",
       "null"
      ]
     },
     "patient_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "case_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "encounter_id": {
      "$ref": "#/$defs/JsonValue"
     },
     "kind": {
      "type": [
       "string",
       "null"
      ]
     },
     "title": {
      "type": [
       "string",
       "null"
      ]
     },
     "body": {
      "type": [
       "string",
       "null"
      ]
     },
     "date": {
      "type": [
       "string",
       "null"
      ]
     },
     "author_worker_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "signed": {
      "type": [
       "boolean",
       "null"
      ]
     },
     "signed_by": {
      "$ref": "#/$defs/JsonValue"
     },
     "signed_at": {
      "$ref": "#/$defs/JsonValue"
     },
     "origin": {
      "type": [
       "string",
       "null"
      ]
     },
     "side": {
      "type": [
       "string",
       "null"
      ]
     },
     "copied_from": {
      "$ref": "#/$defs/JsonValue"
     },
     "created_at": {
      "type": [
       "string",
       "null"
      ]
     },
     "details": {
      "anyOf": [
       {
        "$ref": "#/$defs/Details7"
       },
       {
        "type": "null"
       }
      ]
     },
     "clinician_signed": {
      "type": [
       "boolean",
       "null"
      ]
     }
    },
    "required": [
     "id",
     "patient_id",
     "case_id",
     "encounter_id",
     "kind",
     "title",
     "body",
     "date",
     "author_worker_id",
     "signed",
     "signed_by",
     "signed_at",
     "origin",
     "side",
     "copied_from",
     "created_at",
     "details",
     "clinician_signed"
    ],
    "type": "object"
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
    "$defs": {
     "Form": {
      "properties": {
       "form_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "title": {
        "type": [
         "string",
         "null"
        ]
       },
       "policy_reference": {
        "type": [
         "string",
         "null"
        ]
       },
       "questions": {
        "items": {
         "anyOf": [
          {
           "$ref": "#/$defs/Question"
          },
          {
           "type": "null"
          }
         ]
        },
        "type": "array"
       },
       "status": {
        "type": [
         "string",
         "null"
        ]
       },
       "answers": {
        "anyOf": [
         {
          "additionalProperties": {
           "$ref": "#/$defs/JsonValue"
          },
          "type": "object"
         },
         {
          "type": "null"
         }
        ]
       },
       "problems": {
        "items": {
         "type": [
          "string",
          "null"
         ]
        },
        "type": "array"
       },
       "response_id": {
        "$ref": "#/$defs/JsonValue"
       },
       "updated_at": {
        "$ref": "#/$defs/JsonValue"
       }
      },
      "required": [
       "form_id",
       "title",
       "policy_reference",
       "questions",
       "status",
       "answers",
       "problems",
       "response_id",
       "updated_at"
      ],
      "type": "object"
     },
     "JsonValue": {},
     "Question": {
      "properties": {
       "key": {
        "type": [
         "string",
         "null"
        ]
       },
       "text": {
        "type": [
         "string",
         "null"
        ]
       },
       "answer_type": {
        "type": [
         "string",
         "null"
        ]
       },
       "choices": {
        "items": {
         "type": [
          "string",
          "null"
         ]
        },
        "type": [
         "array",
         "null"
        ]
       },
       "required": {
        "type": [
         "boolean",
         "null"
        ]
       }
      },
      "required": [
       "key",
       "text",
       "answer_type",
       "choices",
       "required"
      ],
      "type": "object"
     },
     "ResultBudgetNote": {
      "description": "What the dispatcher's last-resort cut left out: ``omitted`` maps a path to what was kept of it.",
      "properties": {
       "limit": {
        "type": "integer"
       },
       "full_chars": {
        "type": "integer"
       },
       "omitted": {
        "additionalProperties": {
         "type": "string"
        },
        "type": "object"
       },
       "how": {
        "type": "string"
       }
      },
      "required": [
       "limit",
       "full_chars",
       "omitted",
       "how"
      ],
      "type": "object"
     }
    },
    "properties": {
     "result_budget": {
      "$ref": "#/$defs/ResultBudgetNote"
     },
     "forms": {
      "items": {
       "anyOf": [
        {
         "$ref": "#/$defs/Form"
        },
        {
         "type": "null"
        }
       ]
      },
      "type": "array"
     }
    },
    "required": [
     "forms"
    ],
    "type": "object"
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
    "$defs": {
     "Question": {
      "properties": {
       "key": {
        "type": [
         "string",
         "null"
        ]
       },
       "text": {
        "type": [
         "string",
         "null"
        ]
       },
       "answer_type": {
        "type": [
         "string",
         "null"
        ]
       },
       "choices": {
        "items": {
         "type": [
          "string",
          "null"
         ]
        },
        "type": [
         "array",
         "null"
        ]
       },
       "required": {
        "type": [
         "boolean",
         "null"
        ]
       }
      },
      "required": [
       "key",
       "text",
       "answer_type",
       "choices",
       "required"
      ],
      "type": "object"
     },
     "ResultBudgetNote": {
      "description": "What the dispatcher's last-resort cut left out: ``omitted`` maps a path to what was kept of it.",
      "properties": {
       "limit": {
        "type": "integer"
       },
       "full_chars": {
        "type": "integer"
       },
       "omitted": {
        "additionalProperties": {
         "type": "string"
        },
        "type": "object"
       },
       "how": {
        "type": "string"
       }
      },
      "required": [
       "limit",
       "full_chars",
       "omitted",
       "how"
      ],
      "type": "object"
     }
    },
    "properties": {
     "result_budget": {
      "$ref": "#/$defs/ResultBudgetNote"
     },
     "form_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "title": {
      "type": [
       "string",
       "null"
      ]
     },
     "policy_reference": {
      "type": [
       "string",
       "null"
      ]
     },
     "questions": {
      "items": {
       "anyOf": [
        {
         "$ref": "#/$defs/Question"
        },
        {
         "type": "null"
        }
       ]
      },
      "type": "array"
     },
     "status": {
      "type": [
       "string",
       "null"
      ]
     },
     "answers": {
      "anyOf": [
       {
        "additionalProperties": {
         "anyOf": [
          {
           "type": "string"
          },
          {
           "type": "boolean"
          },
          {
           "type": "number"
          }
         ]
        },
        "type": "object"
       },
       {
        "type": "null"
       }
      ]
     },
     "problems": {
      "items": {
       "type": [
        "string",
        "null"
       ]
      },
      "type": "array"
     },
     "response_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "updated_at": {
      "type": [
       "string",
       "null"
      ]
     }
    },
    "required": [
     "form_id",
     "title",
     "policy_reference",
     "questions",
     "status",
     "answers",
     "problems",
     "response_id",
     "updated_at"
    ],
    "type": "object"
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
    "$defs": {
     "ResultBudgetNote": {
      "description": "What the dispatcher's last-resort cut left out: ``omitted`` maps a path to what was kept of it.",
      "properties": {
       "limit": {
        "type": "integer"
       },
       "full_chars": {
        "type": "integer"
       },
       "omitted": {
        "additionalProperties": {
         "type": "string"
        },
        "type": "object"
       },
       "how": {
        "type": "string"
       }
      },
      "required": [
       "limit",
       "full_chars",
       "omitted",
       "how"
      ],
      "type": "object"
     }
    },
    "properties": {
     "result_budget": {
      "$ref": "#/$defs/ResultBudgetNote"
     },
     "form_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "status": {
      "type": [
       "string",
       "null"
      ]
     },
     "complete": {
      "type": [
       "boolean",
       "null"
      ]
     },
     "problems": {
      "items": {
       "type": [
        "string",
        "null"
       ]
      },
      "type": "array"
     },
     "answers": {
      "anyOf": [
       {
        "additionalProperties": {
         "anyOf": [
          {
           "type": "string"
          },
          {
           "type": "boolean"
          },
          {
           "type": "number"
          }
         ]
        },
        "type": "object"
       },
       {
        "type": "null"
       }
      ]
     }
    },
    "required": [
     "form_id",
     "status",
     "complete",
     "problems",
     "answers"
    ],
    "type": "object"
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
    "$defs": {
     "Details8": {
      "properties": {
       "determination_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "from_worker_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "outcome": {
        "type": [
         "string",
         "null"
        ]
       },
       "document_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "document_kind": {
        "type": [
         "string",
         "null"
        ]
       },
       "channel": {
        "type": [
         "string",
         "null"
        ]
       },
       "letter_id": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "determination_id"
      ],
      "type": "object"
     },
     "Message4": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "case_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "audience": {
        "type": [
         "string",
         "null"
        ]
       },
       "kind": {
        "type": [
         "string",
         "null"
        ]
       },
       "subject": {
        "type": [
         "string",
         "null"
        ]
       },
       "sender": {
        "type": [
         "string",
         "null"
        ]
       },
       "sent_at": {
        "type": [
         "string",
         "null"
        ]
       },
       "read_at": {
        "type": [
         "string",
         "null"
        ]
       },
       "details": {
        "anyOf": [
         {
          "$ref": "#/$defs/Details8"
         },
         {
          "type": "null"
         }
        ]
       },
       "preview": {
        "type": [
         "string",
         "null"
        ]
       },
       "unread": {
        "type": [
         "boolean",
         "null"
        ]
       }
      },
      "required": [
       "id",
       "case_id",
       "audience",
       "kind",
       "subject",
       "sender",
       "sent_at",
       "read_at",
       "details",
       "preview",
       "unread"
      ],
      "type": "object"
     },
     "ResultBudgetNote": {
      "description": "What the dispatcher's last-resort cut left out: ``omitted`` maps a path to what was kept of it.",
      "properties": {
       "limit": {
        "type": "integer"
       },
       "full_chars": {
        "type": "integer"
       },
       "omitted": {
        "additionalProperties": {
         "type": "string"
        },
        "type": "object"
       },
       "how": {
        "type": "string"
       }
      },
      "required": [
       "limit",
       "full_chars",
       "omitted",
       "how"
      ],
      "type": "object"
     }
    },
    "properties": {
     "result_budget": {
      "$ref": "#/$defs/ResultBudgetNote"
     },
     "total": {
      "type": "integer"
     },
     "offset": {
      "type": "integer"
     },
     "limit": {
      "type": "integer"
     },
     "next_offset": {
      "type": [
       "integer",
       "null"
      ]
     },
     "page_note": {
      "type": "string"
     },
     "messages": {
      "items": {
       "anyOf": [
        {
         "$ref": "#/$defs/Message4"
        },
        {
         "type": "null"
        }
       ]
      },
      "type": "array"
     }
    },
    "required": [
     "total",
     "offset",
     "limit",
     "next_offset",
     "messages"
    ],
    "type": "object"
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
    "$defs": {
     "Details8": {
      "properties": {
       "determination_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "from_worker_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "outcome": {
        "type": [
         "string",
         "null"
        ]
       },
       "document_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "document_kind": {
        "type": [
         "string",
         "null"
        ]
       },
       "channel": {
        "type": [
         "string",
         "null"
        ]
       },
       "letter_id": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "determination_id"
      ],
      "type": "object"
     },
     "ResultBudgetNote": {
      "description": "What the dispatcher's last-resort cut left out: ``omitted`` maps a path to what was kept of it.",
      "properties": {
       "limit": {
        "type": "integer"
       },
       "full_chars": {
        "type": "integer"
       },
       "omitted": {
        "additionalProperties": {
         "type": "string"
        },
        "type": "object"
       },
       "how": {
        "type": "string"
       }
      },
      "required": [
       "limit",
       "full_chars",
       "omitted",
       "how"
      ],
      "type": "object"
     }
    },
    "properties": {
     "result_budget": {
      "$ref": "#/$defs/ResultBudgetNote"
     },
     "id": {
      "type": [
       "string",
       "null"
      ]
     },
     "case_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "audience": {
      "type": [
       "string",
       "null"
      ]
     },
     "kind": {
      "type": [
       "string",
       "null"
      ]
     },
     "subject": {
      "type": [
       "string",
       "null"
      ]
     },
     "body": {
      "type": [
       "string",
       "null"
      ]
     },
     "sender": {
      "type": [
       "string",
       "null"
      ]
     },
     "sent_at": {
      "type": [
       "string",
       "null"
      ]
     },
     "read_at": {
      "type": [
       "string",
       "null"
      ]
     },
     "details": {
      "anyOf": [
       {
        "$ref": "#/$defs/Details8"
       },
       {
        "type": "null"
       }
      ]
     },
     "unread": {
      "type": [
       "boolean",
       "null"
      ]
     }
    },
    "required": [
     "id",
     "case_id",
     "audience",
     "kind",
     "subject",
     "body",
     "sender",
     "sent_at",
     "read_at",
     "details",
     "unread"
    ],
    "type": "object"
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
    "$defs": {
     "Case5": {
      "properties": {
       "case_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "member": {
        "type": [
         "string",
         "null"
        ]
       },
       "service": {
        "type": [
         "string",
         "null"
        ]
       },
       "codes": {
        "items": {
         "type": [
          "string",
          "null"
         ]
        },
        "type": "array"
       }
      },
      "required": [
       "case_id",
       "member",
       "service",
       "codes"
      ],
      "type": "object"
     },
     "Counterpart": {
      "properties": {
       "worker_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "name": {
        "type": [
         "string",
         "null"
        ]
       },
       "role": {
        "type": [
         "string",
         "null"
        ]
       },
       "organization": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "worker_id",
       "name",
       "role",
       "organization"
      ],
      "type": "object"
     },
     "JsonValue": {},
     "Request": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "case_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "status": {
        "type": [
         "string",
         "null"
        ]
       },
       "reason": {
        "type": [
         "string",
         "null"
        ]
       },
       "scheduled_at": {
        "type": [
         "string",
         "null"
        ]
       },
       "payer_reviewer_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "provider_worker_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "outcome": {
        "$ref": "#/$defs/JsonValue"
       }
      },
      "required": [
       "id",
       "case_id",
       "status",
       "reason",
       "scheduled_at",
       "payer_reviewer_id",
       "provider_worker_id",
       "outcome"
      ],
      "type": "object"
     },
     "ResultBudgetNote": {
      "description": "What the dispatcher's last-resort cut left out: ``omitted`` maps a path to what was kept of it.",
      "properties": {
       "limit": {
        "type": "integer"
       },
       "full_chars": {
        "type": "integer"
       },
       "omitted": {
        "additionalProperties": {
         "type": "string"
        },
        "type": "object"
       },
       "how": {
        "type": "string"
       }
      },
      "required": [
       "limit",
       "full_chars",
       "omitted",
       "how"
      ],
      "type": "object"
     },
     "Session": {
      "properties": {
       "session_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "started": {
        "type": [
         "boolean",
         "null"
        ]
       },
       "agent_turns": {
        "type": [
         "integer",
         "null"
        ]
       },
       "turn_limit": {
        "type": [
         "integer",
         "null"
        ]
       },
       "turns_left": {
        "type": [
         "integer",
         "null"
        ]
       },
       "ended": {
        "type": [
         "boolean",
         "null"
        ]
       },
       "end_reason": {
        "type": [
         "string",
         "null"
        ]
       },
       "finalized": {
        "type": [
         "boolean",
         "null"
        ]
       },
       "backend": {
        "type": [
         "string",
         "null"
        ]
       },
       "started_at": {
        "type": [
         "string",
         "null"
        ]
       },
       "ended_at": {
        "$ref": "#/$defs/JsonValue"
       }
      },
      "required": [
       "session_id",
       "started",
       "agent_turns",
       "turn_limit",
       "turns_left",
       "ended",
       "end_reason",
       "finalized",
       "backend"
      ],
      "type": "object"
     },
     "TranscriptItem": {
      "properties": {
       "turn_number": {
        "type": [
         "integer",
         "null"
        ]
       },
       "speaker": {
        "type": [
         "string",
         "null"
        ]
       },
       "text": {
        "type": [
         "string",
         "null"
        ]
       },
       "at": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "turn_number",
       "speaker",
       "text",
       "at"
      ],
      "type": "object"
     }
    },
    "properties": {
     "result_budget": {
      "$ref": "#/$defs/ResultBudgetNote"
     },
     "total": {
      "type": "integer"
     },
     "offset": {
      "type": "integer"
     },
     "limit": {
      "type": "integer"
     },
     "next_offset": {
      "type": [
       "integer",
       "null"
      ]
     },
     "page_note": {
      "type": "string"
     },
     "request": {
      "anyOf": [
       {
        "$ref": "#/$defs/Request"
       },
       {
        "type": "null"
       }
      ]
     },
     "case": {
      "anyOf": [
       {
        "$ref": "#/$defs/Case5"
       },
       {
        "type": "null"
       }
      ]
     },
     "agent_side": {
      "type": [
       "string",
       "null"
      ]
     },
     "counterpart": {
      "anyOf": [
       {
        "$ref": "#/$defs/Counterpart"
       },
       {
        "type": "null"
       }
      ]
     },
     "opening_statement": {
      "type": [
       "string",
       "null"
      ]
     },
     "session": {
      "anyOf": [
       {
        "$ref": "#/$defs/Session"
       },
       {
        "type": "null"
       }
      ]
     },
     "summary": {
      "$ref": "#/$defs/JsonValue"
     },
     "proposed_outcome": {
      "$ref": "#/$defs/JsonValue"
     },
     "transcript": {
      "items": {
       "anyOf": [
        {
         "$ref": "#/$defs/TranscriptItem"
        },
        {
         "type": "null"
        }
       ]
      },
      "type": "array"
     }
    },
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
    ],
    "type": "object"
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
    "$defs": {
     "JsonValue": {},
     "ResultBudgetNote": {
      "description": "What the dispatcher's last-resort cut left out: ``omitted`` maps a path to what was kept of it.",
      "properties": {
       "limit": {
        "type": "integer"
       },
       "full_chars": {
        "type": "integer"
       },
       "omitted": {
        "additionalProperties": {
         "type": "string"
        },
        "type": "object"
       },
       "how": {
        "type": "string"
       }
      },
      "required": [
       "limit",
       "full_chars",
       "omitted",
       "how"
      ],
      "type": "object"
     }
    },
    "properties": {
     "result_budget": {
      "$ref": "#/$defs/ResultBudgetNote"
     },
     "request_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "session_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "turn_number": {
      "type": [
       "integer",
       "null"
      ]
     },
     "counterpart_response": {
      "type": [
       "string",
       "null"
      ]
     },
     "agent_turns": {
      "type": [
       "integer",
       "null"
      ]
     },
     "turn_limit": {
      "type": [
       "integer",
       "null"
      ]
     },
     "turns_left": {
      "type": [
       "integer",
       "null"
      ]
     },
     "ended": {
      "type": [
       "boolean",
       "null"
      ]
     },
     "end_reason": {
      "type": [
       "string",
       "null"
      ]
     },
     "backend": {
      "type": [
       "string",
       "null"
      ]
     },
     "token_usage": {
      "$ref": "#/$defs/JsonValue"
     }
    },
    "required": [
     "request_id",
     "session_id",
     "turn_number",
     "counterpart_response",
     "agent_turns",
     "turn_limit",
     "turns_left",
     "ended",
     "end_reason",
     "backend",
     "token_usage"
    ],
    "type": "object"
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
    "$defs": {
     "ResultBudgetNote": {
      "description": "What the dispatcher's last-resort cut left out: ``omitted`` maps a path to what was kept of it.",
      "properties": {
       "limit": {
        "type": "integer"
       },
       "full_chars": {
        "type": "integer"
       },
       "omitted": {
        "additionalProperties": {
         "type": "string"
        },
        "type": "object"
       },
       "how": {
        "type": "string"
       }
      },
      "required": [
       "limit",
       "full_chars",
       "omitted",
       "how"
      ],
      "type": "object"
     }
    },
    "properties": {
     "result_budget": {
      "$ref": "#/$defs/ResultBudgetNote"
     },
     "id": {
      "type": [
       "string",
       "null"
      ]
     },
     "request_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "case_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "agent_side": {
      "type": [
       "string",
       "null"
      ]
     },
     "agent_worker_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "counterpart_worker_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "turn_limit": {
      "type": [
       "integer",
       "null"
      ]
     },
     "agent_turns": {
      "type": [
       "integer",
       "null"
      ]
     },
     "finalized": {
      "type": [
       "boolean",
       "null"
      ]
     },
     "summary": {
      "type": [
       "string",
       "null"
      ]
     },
     "proposed_outcome": {
      "type": [
       "string",
       "null"
      ]
     },
     "started_at": {
      "type": [
       "string",
       "null"
      ]
     },
     "ended_at": {
      "type": [
       "string",
       "null"
      ]
     },
     "backend": {
      "type": [
       "string",
       "null"
      ]
     },
     "payer_outcome": {
      "type": [
       "string",
       "null"
      ]
     },
     "request_status": {
      "type": [
       "string",
       "null"
      ]
     }
    },
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
    ],
    "type": "object"
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
    "$defs": {
     "Contact": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "name": {
        "type": [
         "string",
         "null"
        ]
       },
       "given_name": {
        "type": [
         "string",
         "null"
        ]
       },
       "family_name": {
        "type": [
         "string",
         "null"
        ]
       },
       "credentials": {
        "type": [
         "string",
         "null"
        ]
       },
       "role": {
        "type": [
         "string",
         "null"
        ]
       },
       "org_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "org_name": {
        "type": [
         "string",
         "null"
        ]
       },
       "org_kind": {
        "type": [
         "string",
         "null"
        ]
       },
       "npi": {
        "type": [
         "string",
         "null"
        ]
       },
       "specialty": {
        "type": [
         "string",
         "null"
        ]
       },
       "license_state": {
        "type": [
         "string",
         "null"
        ]
       },
       "phone": {
        "type": [
         "string",
         "null"
        ]
       },
       "email": {
        "type": [
         "string",
         "null"
        ]
       },
       "fax": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "id",
       "name",
       "given_name",
       "family_name",
       "credentials",
       "role",
       "org_id",
       "org_name",
       "org_kind",
       "npi",
       "specialty",
       "license_state",
       "phone",
       "email",
       "fax"
      ],
      "type": "object"
     },
     "ResultBudgetNote": {
      "description": "What the dispatcher's last-resort cut left out: ``omitted`` maps a path to what was kept of it.",
      "properties": {
       "limit": {
        "type": "integer"
       },
       "full_chars": {
        "type": "integer"
       },
       "omitted": {
        "additionalProperties": {
         "type": "string"
        },
        "type": "object"
       },
       "how": {
        "type": "string"
       }
      },
      "required": [
       "limit",
       "full_chars",
       "omitted",
       "how"
      ],
      "type": "object"
     }
    },
    "properties": {
     "result_budget": {
      "$ref": "#/$defs/ResultBudgetNote"
     },
     "total": {
      "type": "integer"
     },
     "offset": {
      "type": "integer"
     },
     "limit": {
      "type": "integer"
     },
     "next_offset": {
      "type": [
       "integer",
       "null"
      ]
     },
     "page_note": {
      "type": "string"
     },
     "contacts": {
      "items": {
       "anyOf": [
        {
         "$ref": "#/$defs/Contact"
        },
        {
         "type": "null"
        }
       ]
      },
      "type": "array"
     }
    },
    "required": [
     "total",
     "offset",
     "limit",
     "next_offset",
     "contacts"
    ],
    "type": "object"
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
    "$defs": {
     "Contact": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "name": {
        "type": [
         "string",
         "null"
        ]
       },
       "given_name": {
        "type": [
         "string",
         "null"
        ]
       },
       "family_name": {
        "type": [
         "string",
         "null"
        ]
       },
       "credentials": {
        "type": [
         "string",
         "null"
        ]
       },
       "role": {
        "type": [
         "string",
         "null"
        ]
       },
       "org_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "org_name": {
        "type": [
         "string",
         "null"
        ]
       },
       "org_kind": {
        "type": [
         "string",
         "null"
        ]
       },
       "npi": {
        "type": [
         "string",
         "null"
        ]
       },
       "specialty": {
        "type": [
         "string",
         "null"
        ]
       },
       "license_state": {
        "type": [
         "string",
         "null"
        ]
       },
       "phone": {
        "type": [
         "string",
         "null"
        ]
       },
       "email": {
        "type": [
         "string",
         "null"
        ]
       },
       "fax": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "id",
       "name",
       "given_name",
       "family_name",
       "credentials",
       "role",
       "org_id",
       "org_name",
       "org_kind",
       "npi",
       "specialty",
       "license_state",
       "phone",
       "email",
       "fax"
      ],
      "type": "object"
     },
     "ResultBudgetNote": {
      "description": "What the dispatcher's last-resort cut left out: ``omitted`` maps a path to what was kept of it.",
      "properties": {
       "limit": {
        "type": "integer"
       },
       "full_chars": {
        "type": "integer"
       },
       "omitted": {
        "additionalProperties": {
         "type": "string"
        },
        "type": "object"
       },
       "how": {
        "type": "string"
       }
      },
      "required": [
       "limit",
       "full_chars",
       "omitted",
       "how"
      ],
      "type": "object"
     }
    },
    "properties": {
     "result_budget": {
      "$ref": "#/$defs/ResultBudgetNote"
     },
     "total": {
      "type": "integer"
     },
     "offset": {
      "type": "integer"
     },
     "limit": {
      "type": "integer"
     },
     "next_offset": {
      "type": [
       "integer",
       "null"
      ]
     },
     "page_note": {
      "type": "string"
     },
     "providers": {
      "items": {
       "anyOf": [
        {
         "$ref": "#/$defs/Contact"
        },
        {
         "type": "null"
        }
       ]
      },
      "type": "array"
     }
    },
    "required": [
     "total",
     "offset",
     "limit",
     "next_offset",
     "providers"
    ],
    "type": "object"
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
    "$defs": {
     "Contact": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "name": {
        "type": [
         "string",
         "null"
        ]
       },
       "given_name": {
        "type": [
         "string",
         "null"
        ]
       },
       "family_name": {
        "type": [
         "string",
         "null"
        ]
       },
       "credentials": {
        "type": [
         "string",
         "null"
        ]
       },
       "role": {
        "type": [
         "string",
         "null"
        ]
       },
       "org_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "org_name": {
        "type": [
         "string",
         "null"
        ]
       },
       "org_kind": {
        "type": [
         "string",
         "null"
        ]
       },
       "npi": {
        "type": [
         "string",
         "null"
        ]
       },
       "specialty": {
        "type": [
         "string",
         "null"
        ]
       },
       "license_state": {
        "type": [
         "string",
         "null"
        ]
       },
       "phone": {
        "type": [
         "string",
         "null"
        ]
       },
       "email": {
        "type": [
         "string",
         "null"
        ]
       },
       "fax": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "id",
       "name",
       "given_name",
       "family_name",
       "credentials",
       "role",
       "org_id",
       "org_name",
       "org_kind",
       "npi",
       "specialty",
       "license_state",
       "phone",
       "email",
       "fax"
      ],
      "type": "object"
     },
     "ResultBudgetNote": {
      "description": "What the dispatcher's last-resort cut left out: ``omitted`` maps a path to what was kept of it.",
      "properties": {
       "limit": {
        "type": "integer"
       },
       "full_chars": {
        "type": "integer"
       },
       "omitted": {
        "additionalProperties": {
         "type": "string"
        },
        "type": "object"
       },
       "how": {
        "type": "string"
       }
      },
      "required": [
       "limit",
       "full_chars",
       "omitted",
       "how"
      ],
      "type": "object"
     }
    },
    "properties": {
     "result_budget": {
      "$ref": "#/$defs/ResultBudgetNote"
     },
     "total": {
      "type": "integer"
     },
     "offset": {
      "type": "integer"
     },
     "limit": {
      "type": "integer"
     },
     "next_offset": {
      "type": [
       "integer",
       "null"
      ]
     },
     "page_note": {
      "type": "string"
     },
     "reviewers": {
      "items": {
       "anyOf": [
        {
         "$ref": "#/$defs/Contact"
        },
        {
         "type": "null"
        }
       ]
      },
      "type": "array"
     }
    },
    "required": [
     "total",
     "offset",
     "limit",
     "next_offset",
     "reviewers"
    ],
    "type": "object"
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
    "$defs": {
     "JsonValue": {},
     "ResultBudgetNote": {
      "description": "What the dispatcher's last-resort cut left out: ``omitted`` maps a path to what was kept of it.",
      "properties": {
       "limit": {
        "type": "integer"
       },
       "full_chars": {
        "type": "integer"
       },
       "omitted": {
        "additionalProperties": {
         "type": "string"
        },
        "type": "object"
       },
       "how": {
        "type": "string"
       }
      },
      "required": [
       "limit",
       "full_chars",
       "omitted",
       "how"
      ],
      "type": "object"
     }
    },
    "properties": {
     "result_budget": {
      "$ref": "#/$defs/ResultBudgetNote"
     },
     "id": {
      "type": [
       "string",
       "null"
      ]
     },
     "case_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "decision": {
      "type": [
       "string",
       "null"
      ]
     },
     "basis": {
      "type": [
       "string",
       "null"
      ]
     },
     "source": {
      "type": [
       "string",
       "null"
      ]
     },
     "source_record_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "overridden": {
      "type": [
       "boolean",
       "null"
      ]
     },
     "override_reason": {
      "$ref": "#/$defs/JsonValue"
     },
     "rationale": {
      "type": [
       "string",
       "null"
      ]
     },
     "policy_citations": {
      "items": {
       "type": [
        "string",
        "null"
       ]
      },
      "type": "array"
     },
     "determined_by": {
      "type": [
       "string",
       "null"
      ]
     },
     "determined_at": {
      "type": [
       "string",
       "null"
      ]
     },
     "sla_deadline": {
      "type": [
       "string",
       "null"
      ]
     },
     "sla_met": {
      "type": [
       "boolean",
       "null"
      ]
     },
     "authorization_number": {
      "type": [
       "string",
       "null"
      ]
     },
     "superseded_by": {
      "$ref": "#/$defs/JsonValue"
     },
     "case_status": {
      "type": [
       "string",
       "null"
      ]
     },
     "preflight_steps": {
      "items": {
       "type": [
        "string",
        "null"
       ]
      },
      "type": "array"
     },
     "auth_valid_from": {
      "type": [
       "string",
       "null"
      ]
     },
     "auth_valid_to": {
      "type": [
       "string",
       "null"
      ]
     }
    },
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
    ],
    "type": "object"
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
    "$defs": {
     "Approved": {
      "properties": {
       "passes": {
        "type": [
         "boolean",
         "null"
        ]
       },
       "step": {
        "type": [
         "string",
         "null"
        ]
       },
       "message": {
        "type": [
         "string",
         "null"
        ]
       },
       "source": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "passes"
      ],
      "type": "object"
     },
     "Case": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "patient_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "order_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "coverage_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "plan_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "requesting_worker_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "status": {
        "type": [
         "string",
         "null"
        ]
       },
       "urgency": {
        "type": [
         "string",
         "null"
        ]
       },
       "site_of_service": {
        "type": [
         "string",
         "null"
        ]
       },
       "diagnosis_codes": {
        "items": {
         "type": [
          "string",
          "null"
         ]
        },
        "type": "array"
       },
       "requested_start": {
        "type": [
         "string",
         "null"
        ]
       },
       "created_by": {
        "type": [
         "string",
         "null"
        ]
       },
       "created_at": {
        "type": [
         "string",
         "null"
        ]
       },
       "updated_at": {
        "type": [
         "string",
         "null"
        ]
       },
       "submission_channel": {
        "type": [
         "string",
         "null"
        ]
       },
       "submitted_at": {
        "type": [
         "string",
         "null"
        ]
       },
       "authorization_number": {
        "type": [
         "string",
         "null"
        ]
       },
       "auth_valid_from": {
        "type": [
         "string",
         "null"
        ]
       },
       "auth_valid_to": {
        "type": [
         "string",
         "null"
        ]
       },
       "outcome_reason": {
        "type": [
         "string",
         "null"
        ]
       },
       "pend_due_at": {
        "type": [
         "string",
         "null"
        ]
       },
       "closed_reason": {
        "$ref": "#/$defs/JsonValue"
       },
       "requesting_worker": {
        "anyOf": [
         {
          "$ref": "#/$defs/RequestingWorker"
         },
         {
          "type": "null"
         }
        ]
       },
       "lines": {
        "items": {
         "anyOf": [
          {
           "$ref": "#/$defs/Line"
          },
          {
           "type": "null"
          }
         ]
        },
        "type": "array"
       }
      },
      "required": [
       "id",
       "patient_id",
       "order_id",
       "coverage_id",
       "plan_id",
       "requesting_worker_id",
       "status",
       "urgency",
       "site_of_service",
       "diagnosis_codes",
       "requested_start",
       "created_by",
       "created_at",
       "updated_at",
       "submission_channel",
       "submitted_at",
       "authorization_number",
       "auth_valid_from",
       "auth_valid_to",
       "outcome_reason",
       "pend_due_at",
       "closed_reason",
       "requesting_worker",
       "lines"
      ],
      "type": "object"
     },
     "Coverage": {
      "properties": {
       "status": {
        "type": [
         "string",
         "null"
        ]
       },
       "effective_date": {
        "type": [
         "string",
         "null"
        ]
       },
       "termination_date": {
        "$ref": "#/$defs/JsonValue"
       },
       "group_number": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "status",
       "effective_date",
       "termination_date",
       "group_number"
      ],
      "type": "object"
     },
     "Criteria": {
      "properties": {
       "policy": {
        "anyOf": [
         {
          "$ref": "#/$defs/Policy"
         },
         {
          "type": "null"
         }
        ]
       },
       "nurse": {
        "anyOf": [
         {
          "$ref": "#/$defs/Nurse"
         },
         {
          "type": "null"
         }
        ]
       },
       "md": {
        "anyOf": [
         {
          "$ref": "#/$defs/Nurse"
         },
         {
          "type": "null"
         }
        ]
       },
       "not_evaluated": {
        "items": {
         "anyOf": [
          {
           "$ref": "#/$defs/NotEvaluatedItem"
          },
          {
           "type": "null"
          }
         ]
        },
        "type": "array"
       }
      },
      "required": [
       "policy",
       "nurse",
       "md",
       "not_evaluated"
      ],
      "type": "object"
     },
     "CriteriaItem": {
      "properties": {
       "criterion_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "text": {
        "type": [
         "string",
         "null"
        ]
       },
       "citation": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "criterion_id",
       "text",
       "citation"
      ],
      "type": "object"
     },
     "Determination": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "case_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "decision": {
        "type": [
         "string",
         "null"
        ]
       },
       "basis": {
        "type": [
         "string",
         "null"
        ]
       },
       "source": {
        "type": [
         "string",
         "null"
        ]
       },
       "source_record_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "overridden": {
        "type": [
         "boolean",
         "null"
        ]
       },
       "override_reason": {
        "$ref": "#/$defs/JsonValue"
       },
       "rationale": {
        "type": [
         "string",
         "null"
        ]
       },
       "policy_citations": {
        "items": {
         "type": [
          "string",
          "null"
         ]
        },
        "type": "array"
       },
       "determined_by": {
        "type": [
         "string",
         "null"
        ]
       },
       "determined_at": {
        "type": [
         "string",
         "null"
        ]
       },
       "sla_deadline": {
        "type": [
         "string",
         "null"
        ]
       },
       "sla_met": {
        "type": [
         "boolean",
         "null"
        ]
       },
       "authorization_number": {
        "type": [
         "string",
         "null"
        ]
       },
       "superseded_by": {
        "$ref": "#/$defs/JsonValue"
       }
      },
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
       "superseded_by"
      ],
      "type": "object"
     },
     "JsonValue": {},
     "Line": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "case_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "line_number": {
        "type": [
         "integer",
         "null"
        ]
       },
       "system": {
        "type": [
         "string",
         "null"
        ]
       },
       "code": {
        "type": [
         "string",
         "null"
        ]
       },
       "display": {
        "type": [
         "string",
         "null"
        ]
       },
       "units": {
        "type": [
         "integer",
         "null"
        ]
       },
       "modifier": {
        "type": [
         "string",
         "null"
        ]
       },
       "outcome": {
        "type": [
         "string",
         "null"
        ]
       },
       "approved_units": {
        "type": [
         "integer",
         "null"
        ]
       }
      },
      "required": [
       "id",
       "case_id",
       "line_number",
       "system",
       "code",
       "display",
       "units",
       "modifier",
       "outcome",
       "approved_units"
      ],
      "type": "object"
     },
     "Line2": {
      "properties": {
       "line_number": {
        "type": [
         "integer",
         "null"
        ]
       },
       "system": {
        "type": [
         "string",
         "null"
        ]
       },
       "code": {
        "type": [
         "string",
         "null"
        ]
       },
       "display": {
        "type": [
         "string",
         "null"
        ]
       },
       "units": {
        "type": [
         "integer",
         "null"
        ]
       },
       "modifier": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "line_number",
       "system",
       "code",
       "display",
       "units",
       "modifier"
      ],
      "type": "object"
     },
     "LineDecision": {
      "properties": {
       "approved_units": {
        "type": [
         "integer",
         "null"
        ]
       },
       "decision": {
        "type": [
         "string",
         "null"
        ]
       },
       "line_number": {
        "type": [
         "integer",
         "null"
        ]
       },
       "reason": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "approved_units",
       "decision",
       "line_number",
       "reason"
      ],
      "type": "object"
     },
     "MdDecision": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "case_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "decision": {
        "type": [
         "string",
         "null"
        ]
       },
       "rationale": {
        "type": [
         "string",
         "null"
        ]
       },
       "denial_rationale": {
        "type": [
         "string",
         "null"
        ]
       },
       "policy_citations": {
        "items": {
         "type": [
          "string",
          "null"
         ]
        },
        "type": "array"
       },
       "line_decisions": {
        "items": {
         "anyOf": [
          {
           "$ref": "#/$defs/LineDecision"
          },
          {
           "type": "null"
          }
         ]
        },
        "type": "array"
       },
       "info_requested": {
        "items": {
         "$ref": "#/$defs/JsonValue"
        },
        "type": "array"
       },
       "info_due": {
        "$ref": "#/$defs/JsonValue"
       },
       "signed_off": {
        "type": [
         "boolean",
         "null"
        ]
       },
       "reviewer_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "decided_at": {
        "type": [
         "string",
         "null"
        ]
       },
       "superseded_by": {
        "$ref": "#/$defs/JsonValue"
       }
      },
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
       "superseded_by"
      ],
      "type": "object"
     },
     "Member": {
      "properties": {
       "patient_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "name": {
        "type": [
         "string",
         "null"
        ]
       },
       "birth_date": {
        "type": [
         "string",
         "null"
        ]
       },
       "sex": {
        "type": [
         "string",
         "null"
        ]
       },
       "state": {
        "type": [
         "string",
         "null"
        ]
       },
       "preferred_language": {
        "type": [
         "string",
         "null"
        ]
       },
       "member_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "coverage": {
        "anyOf": [
         {
          "$ref": "#/$defs/Coverage"
         },
         {
          "type": "null"
         }
        ]
       },
       "plan": {
        "anyOf": [
         {
          "$ref": "#/$defs/Plan"
         },
         {
          "type": "null"
         }
        ]
       }
      },
      "required": [
       "patient_id",
       "name",
       "birth_date",
       "sex",
       "state",
       "preferred_language",
       "member_id",
       "coverage",
       "plan"
      ],
      "type": "object"
     },
     "MoreEntry": {
      "description": "A list section cut to fit the result budget: entries returned, entries in all, where to continue.",
      "properties": {
       "returned": {
        "type": "integer"
       },
       "total": {
        "type": "integer"
       },
       "next_offset": {
        "type": "integer"
       }
      },
      "required": [
       "returned",
       "total",
       "next_offset"
      ],
      "type": "object"
     },
     "NotEvaluatedItem": {
      "properties": {
       "line_number": {
        "type": [
         "integer",
         "null"
        ]
       },
       "criterion_id": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "line_number",
       "criterion_id"
      ],
      "type": "object"
     },
     "Nurse": {
      "properties": {
       "met": {
        "type": [
         "integer",
         "null"
        ]
       },
       "not_met": {
        "type": [
         "integer",
         "null"
        ]
       },
       "unclear": {
        "type": [
         "integer",
         "null"
        ]
       }
      },
      "required": [
       "met",
       "not_met",
       "unclear"
      ],
      "type": "object"
     },
     "NurseRecommendation": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "case_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "recommendation": {
        "type": [
         "string",
         "null"
        ]
       },
       "clinical_summary": {
        "type": [
         "string",
         "null"
        ]
       },
       "info_requested": {
        "items": {
         "type": [
          "string",
          "null"
         ]
        },
        "type": "array"
       },
       "info_due": {
        "type": [
         "string",
         "null"
        ]
       },
       "reviewer_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "submitted_at": {
        "type": [
         "string",
         "null"
        ]
       },
       "criteria_met": {
        "type": [
         "integer",
         "null"
        ]
       },
       "criteria_total": {
        "type": [
         "integer",
         "null"
        ]
       }
      },
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
       "criteria_total"
      ],
      "type": "object"
     },
     "P2pRequest": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "case_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "md_decision_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "original_reviewer_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "payer_reviewer_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "provider_worker_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "status": {
        "type": [
         "string",
         "null"
        ]
       },
       "reason": {
        "type": [
         "string",
         "null"
        ]
       },
       "offered_slots": {
        "items": {
         "type": [
          "string",
          "null"
         ]
        },
        "type": "array"
       },
       "selected_slot": {
        "type": [
         "string",
         "null"
        ]
       },
       "scheduled_at": {
        "type": [
         "string",
         "null"
        ]
       },
       "outcome": {
        "type": [
         "string",
         "null"
        ]
       },
       "outcome_note": {
        "type": [
         "string",
         "null"
        ]
       },
       "created_at": {
        "type": [
         "string",
         "null"
        ]
       },
       "due_at": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "id",
       "case_id",
       "md_decision_id",
       "original_reviewer_id",
       "payer_reviewer_id",
       "provider_worker_id",
       "status",
       "reason",
       "offered_slots",
       "selected_slot",
       "scheduled_at",
       "outcome",
       "outcome_note",
       "created_at",
       "due_at"
      ],
      "type": "object"
     },
     "PartiallyApproved": {
      "properties": {
       "passes": {
        "type": [
         "boolean",
         "null"
        ]
       },
       "step": {
        "type": [
         "string",
         "null"
        ]
       },
       "message": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "passes",
       "step",
       "message"
      ],
      "type": "object"
     },
     "Plan": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "name": {
        "type": [
         "string",
         "null"
        ]
       },
       "line_of_business": {
        "type": [
         "string",
         "null"
        ]
       },
       "product": {
        "type": [
         "string",
         "null"
        ]
       },
       "state": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "id",
       "name",
       "line_of_business",
       "product",
       "state"
      ],
      "type": "object"
     },
     "Policy": {
      "properties": {
       "handbook_policy_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "service_category": {
        "type": [
         "string",
         "null"
        ]
       },
       "criteria": {
        "items": {
         "anyOf": [
          {
           "$ref": "#/$defs/CriteriaItem"
          },
          {
           "type": "null"
          }
         ]
        },
        "type": "array"
       }
      },
      "required": [
       "handbook_policy_id",
       "service_category",
       "criteria"
      ],
      "type": "object"
     },
     "PreflightPreview": {
      "properties": {
       "approved": {
        "anyOf": [
         {
          "$ref": "#/$defs/Approved"
         },
         {
          "type": "null"
         }
        ]
       },
       "denied": {
        "anyOf": [
         {
          "$ref": "#/$defs/Approved"
         },
         {
          "type": "null"
         }
        ]
       },
       "partially_approved": {
        "anyOf": [
         {
          "$ref": "#/$defs/PartiallyApproved"
         },
         {
          "type": "null"
         }
        ]
       }
      },
      "required": [
       "approved",
       "denied",
       "partially_approved"
      ],
      "type": "object"
     },
     "RequestingWorker": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "name": {
        "type": [
         "string",
         "null"
        ]
       },
       "role": {
        "type": [
         "string",
         "null"
        ]
       },
       "credentials": {
        "type": [
         "string",
         "null"
        ]
       },
       "npi": {
        "type": [
         "string",
         "null"
        ]
       },
       "org_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "specialty": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "id",
       "name",
       "role",
       "credentials",
       "npi",
       "org_id",
       "specialty"
      ],
      "type": "object"
     },
     "ResultBudgetNote": {
      "description": "What the dispatcher's last-resort cut left out: ``omitted`` maps a path to what was kept of it.",
      "properties": {
       "limit": {
        "type": "integer"
       },
       "full_chars": {
        "type": "integer"
       },
       "omitted": {
        "additionalProperties": {
         "type": "string"
        },
        "type": "object"
       },
       "how": {
        "type": "string"
       }
      },
      "required": [
       "limit",
       "full_chars",
       "omitted",
       "how"
      ],
      "type": "object"
     },
     "Sla": {
      "properties": {
       "urgency_level": {
        "type": [
         "string",
         "null"
        ]
       },
       "deadline": {
        "type": [
         "string",
         "null"
        ]
       },
       "rule_source": {
        "type": [
         "string",
         "null"
        ]
       },
       "now": {
        "type": [
         "string",
         "null"
        ]
       },
       "seconds_remaining": {
        "type": [
         "integer",
         "null"
        ]
       },
       "met_if_decided_now": {
        "type": [
         "boolean",
         "null"
        ]
       }
      },
      "required": [
       "urgency_level",
       "deadline",
       "rule_source",
       "now",
       "seconds_remaining",
       "met_if_decided_now"
      ],
      "type": "object"
     }
    },
    "properties": {
     "result_budget": {
      "$ref": "#/$defs/ResultBudgetNote"
     },
     "more": {
      "additionalProperties": {
       "$ref": "#/$defs/MoreEntry"
      },
      "type": "object"
     },
     "more_hint": {
      "type": "string"
     },
     "case": {
      "anyOf": [
       {
        "$ref": "#/$defs/Case"
       },
       {
        "type": "null"
       }
      ]
     },
     "member": {
      "anyOf": [
       {
        "$ref": "#/$defs/Member"
       },
       {
        "type": "null"
       }
      ]
     },
     "lines": {
      "items": {
       "anyOf": [
        {
         "$ref": "#/$defs/Line2"
        },
        {
         "type": "null"
        }
       ]
      },
      "type": "array"
     },
     "sla": {
      "anyOf": [
       {
        "$ref": "#/$defs/Sla"
       },
       {
        "type": "null"
       }
      ]
     },
     "nurse_recommendation": {
      "anyOf": [
       {
        "$ref": "#/$defs/NurseRecommendation"
       },
       {
        "type": "null"
       }
      ]
     },
     "md_decision": {
      "anyOf": [
       {
        "$ref": "#/$defs/MdDecision"
       },
       {
        "type": "null"
       }
      ]
     },
     "p2p_request": {
      "anyOf": [
       {
        "$ref": "#/$defs/P2pRequest"
       },
       {
        "type": "null"
       }
      ]
     },
     "criteria": {
      "anyOf": [
       {
        "$ref": "#/$defs/Criteria"
       },
       {
        "type": "null"
       }
      ]
     },
     "determination": {
      "anyOf": [
       {
        "$ref": "#/$defs/Determination"
       },
       {
        "type": "null"
       }
      ]
     },
     "determination_history": {
      "items": {
       "anyOf": [
        {
         "$ref": "#/$defs/Determination"
        },
        {
         "type": "null"
        }
       ]
      },
      "type": "array"
     },
     "preflight_preview": {
      "anyOf": [
       {
        "$ref": "#/$defs/PreflightPreview"
       },
       {
        "type": "null"
       }
      ]
     }
    },
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
    ],
    "type": "object"
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
    "$defs": {
     "JsonValue": {},
     "Request": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "case_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "md_decision_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "original_reviewer_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "payer_reviewer_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "provider_worker_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "status": {
        "type": [
         "string",
         "null"
        ]
       },
       "reason": {
        "type": [
         "string",
         "null"
        ]
       },
       "offered_slots": {
        "items": {
         "type": [
          "string",
          "null"
         ]
        },
        "type": "array"
       },
       "selected_slot": {
        "type": [
         "string",
         "null"
        ]
       },
       "scheduled_at": {
        "$ref": "#/$defs/JsonValue"
       },
       "outcome": {
        "$ref": "#/$defs/JsonValue"
       },
       "outcome_note": {
        "$ref": "#/$defs/JsonValue"
       },
       "created_at": {
        "type": [
         "string",
         "null"
        ]
       },
       "due_at": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "id",
       "case_id",
       "md_decision_id",
       "original_reviewer_id",
       "payer_reviewer_id",
       "provider_worker_id",
       "status",
       "reason",
       "offered_slots",
       "selected_slot",
       "scheduled_at",
       "outcome",
       "outcome_note",
       "created_at",
       "due_at"
      ],
      "type": "object"
     },
     "ResultBudgetNote": {
      "description": "What the dispatcher's last-resort cut left out: ``omitted`` maps a path to what was kept of it.",
      "properties": {
       "limit": {
        "type": "integer"
       },
       "full_chars": {
        "type": "integer"
       },
       "omitted": {
        "additionalProperties": {
         "type": "string"
        },
        "type": "object"
       },
       "how": {
        "type": "string"
       }
      },
      "required": [
       "limit",
       "full_chars",
       "omitted",
       "how"
      ],
      "type": "object"
     }
    },
    "properties": {
     "result_budget": {
      "$ref": "#/$defs/ResultBudgetNote"
     },
     "total": {
      "type": "integer"
     },
     "offset": {
      "type": "integer"
     },
     "limit": {
      "type": "integer"
     },
     "next_offset": {
      "type": [
       "integer",
       "null"
      ]
     },
     "page_note": {
      "type": "string"
     },
     "requests": {
      "items": {
       "anyOf": [
        {
         "$ref": "#/$defs/Request"
        },
        {
         "type": "null"
        }
       ]
      },
      "type": "array"
     }
    },
    "required": [
     "total",
     "offset",
     "limit",
     "next_offset",
     "requests"
    ],
    "type": "object"
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
    "$defs": {
     "JsonValue": {},
     "ResultBudgetNote": {
      "description": "What the dispatcher's last-resort cut left out: ``omitted`` maps a path to what was kept of it.",
      "properties": {
       "limit": {
        "type": "integer"
       },
       "full_chars": {
        "type": "integer"
       },
       "omitted": {
        "additionalProperties": {
         "type": "string"
        },
        "type": "object"
       },
       "how": {
        "type": "string"
       }
      },
      "required": [
       "limit",
       "full_chars",
       "omitted",
       "how"
      ],
      "type": "object"
     }
    },
    "properties": {
     "result_budget": {
      "$ref": "#/$defs/ResultBudgetNote"
     },
     "id": {
      "type": [
       "string",
       "null"
      ]
     },
     "case_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "md_decision_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "original_reviewer_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "payer_reviewer_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "provider_worker_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "status": {
      "type": [
       "string",
       "null"
      ]
     },
     "reason": {
      "type": [
       "string",
       "null"
      ]
     },
     "offered_slots": {
      "items": {
       "type": [
        "string",
        "null"
       ]
      },
      "type": "array"
     },
     "selected_slot": {
      "type": [
       "string",
       "null"
      ]
     },
     "scheduled_at": {
      "$ref": "#/$defs/JsonValue"
     },
     "outcome": {
      "$ref": "#/$defs/JsonValue"
     },
     "outcome_note": {
      "$ref": "#/$defs/JsonValue"
     },
     "created_at": {
      "type": [
       "string",
       "null"
      ]
     },
     "due_at": {
      "type": [
       "string",
       "null"
      ]
     }
    },
    "required": [
     "id",
     "case_id",
     "md_decision_id",
     "original_reviewer_id",
     "payer_reviewer_id",
     "provider_worker_id",
     "status",
     "reason",
     "offered_slots",
     "selected_slot",
     "scheduled_at",
     "outcome",
     "outcome_note",
     "created_at",
     "due_at"
    ],
    "type": "object"
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
    "$defs": {
     "ResultBudgetNote": {
      "description": "What the dispatcher's last-resort cut left out: ``omitted`` maps a path to what was kept of it.",
      "properties": {
       "limit": {
        "type": "integer"
       },
       "full_chars": {
        "type": "integer"
       },
       "omitted": {
        "additionalProperties": {
         "type": "string"
        },
        "type": "object"
       },
       "how": {
        "type": "string"
       }
      },
      "required": [
       "limit",
       "full_chars",
       "omitted",
       "how"
      ],
      "type": "object"
     }
    },
    "properties": {
     "result_budget": {
      "$ref": "#/$defs/ResultBudgetNote"
     },
     "id": {
      "type": [
       "string",
       "null"
      ]
     },
     "case_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "md_decision_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "original_reviewer_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "payer_reviewer_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "provider_worker_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "status": {
      "type": [
       "string",
       "null"
      ]
     },
     "reason": {
      "type": [
       "string",
       "null"
      ]
     },
     "offered_slots": {
      "items": {
       "type": [
        "string",
        "null"
       ]
      },
      "type": "array"
     },
     "selected_slot": {
      "type": [
       "string",
       "null"
      ]
     },
     "scheduled_at": {
      "type": [
       "string",
       "null"
      ]
     },
     "outcome": {
      "type": [
       "string",
       "null"
      ]
     },
     "outcome_note": {
      "type": [
       "string",
       "null"
      ]
     },
     "created_at": {
      "type": [
       "string",
       "null"
      ]
     },
     "due_at": {
      "type": [
       "string",
       "null"
      ]
     }
    },
    "required": [
     "id",
     "case_id",
     "md_decision_id",
     "original_reviewer_id",
     "payer_reviewer_id",
     "provider_worker_id",
     "status",
     "reason",
     "offered_slots",
     "selected_slot",
     "scheduled_at",
     "outcome",
     "outcome_note",
     "created_at",
     "due_at"
    ],
    "type": "object"
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
    "$defs": {
     "JsonValue": {},
     "ResultBudgetNote": {
      "description": "What the dispatcher's last-resort cut left out: ``omitted`` maps a path to what was kept of it.",
      "properties": {
       "limit": {
        "type": "integer"
       },
       "full_chars": {
        "type": "integer"
       },
       "omitted": {
        "additionalProperties": {
         "type": "string"
        },
        "type": "object"
       },
       "how": {
        "type": "string"
       }
      },
      "required": [
       "limit",
       "full_chars",
       "omitted",
       "how"
      ],
      "type": "object"
     }
    },
    "properties": {
     "result_budget": {
      "$ref": "#/$defs/ResultBudgetNote"
     },
     "id": {
      "type": [
       "string",
       "null"
      ]
     },
     "case_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "md_decision_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "original_reviewer_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "payer_reviewer_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "provider_worker_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "status": {
      "type": [
       "string",
       "null"
      ]
     },
     "reason": {
      "type": [
       "string",
       "null"
      ]
     },
     "offered_slots": {
      "items": {
       "type": [
        "string",
        "null"
       ]
      },
      "type": "array"
     },
     "selected_slot": {
      "type": [
       "string",
       "null"
      ]
     },
     "scheduled_at": {
      "type": [
       "string",
       "null"
      ]
     },
     "outcome": {
      "$ref": "#/$defs/JsonValue"
     },
     "outcome_note": {
      "$ref": "#/$defs/JsonValue"
     },
     "created_at": {
      "type": [
       "string",
       "null"
      ]
     },
     "due_at": {
      "type": [
       "string",
       "null"
      ]
     },
     "invite_artifact_id": {
      "type": [
       "string",
       "null"
      ]
     }
    },
    "required": [
     "id",
     "case_id",
     "md_decision_id",
     "original_reviewer_id",
     "payer_reviewer_id",
     "provider_worker_id",
     "status",
     "reason",
     "offered_slots",
     "selected_slot",
     "scheduled_at",
     "outcome",
     "outcome_note",
     "created_at",
     "due_at",
     "invite_artifact_id"
    ],
    "type": "object"
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
    "$defs": {
     "Case2": {
      "properties": {
       "case_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "member": {
        "type": [
         "string",
         "null"
        ]
       },
       "service": {
        "type": [
         "string",
         "null"
        ]
       },
       "codes": {
        "items": {
         "type": [
          "string",
          "null"
         ]
        },
        "type": "array"
       }
      },
      "required": [
       "case_id",
       "member",
       "service",
       "codes"
      ],
      "type": "object"
     },
     "Counterpart": {
      "properties": {
       "worker_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "name": {
        "type": [
         "string",
         "null"
        ]
       },
       "role": {
        "type": [
         "string",
         "null"
        ]
       },
       "organization": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "worker_id",
       "name",
       "role",
       "organization"
      ],
      "type": "object"
     },
     "JsonValue": {},
     "Request2": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "case_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "status": {
        "type": [
         "string",
         "null"
        ]
       },
       "reason": {
        "type": [
         "string",
         "null"
        ]
       },
       "scheduled_at": {
        "type": [
         "string",
         "null"
        ]
       },
       "payer_reviewer_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "provider_worker_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "outcome": {
        "$ref": "#/$defs/JsonValue"
       }
      },
      "required": [
       "id",
       "case_id",
       "status",
       "reason",
       "scheduled_at",
       "payer_reviewer_id",
       "provider_worker_id",
       "outcome"
      ],
      "type": "object"
     },
     "ResultBudgetNote": {
      "description": "What the dispatcher's last-resort cut left out: ``omitted`` maps a path to what was kept of it.",
      "properties": {
       "limit": {
        "type": "integer"
       },
       "full_chars": {
        "type": "integer"
       },
       "omitted": {
        "additionalProperties": {
         "type": "string"
        },
        "type": "object"
       },
       "how": {
        "type": "string"
       }
      },
      "required": [
       "limit",
       "full_chars",
       "omitted",
       "how"
      ],
      "type": "object"
     },
     "Session": {
      "properties": {
       "session_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "started": {
        "type": [
         "boolean",
         "null"
        ]
       },
       "agent_turns": {
        "type": [
         "integer",
         "null"
        ]
       },
       "turn_limit": {
        "type": [
         "integer",
         "null"
        ]
       },
       "turns_left": {
        "type": [
         "integer",
         "null"
        ]
       },
       "ended": {
        "type": [
         "boolean",
         "null"
        ]
       },
       "end_reason": {
        "$ref": "#/$defs/JsonValue"
       },
       "finalized": {
        "type": [
         "boolean",
         "null"
        ]
       },
       "backend": {
        "type": [
         "string",
         "null"
        ]
       },
       "started_at": {
        "type": [
         "string",
         "null"
        ]
       },
       "ended_at": {
        "$ref": "#/$defs/JsonValue"
       }
      },
      "required": [
       "session_id",
       "started",
       "agent_turns",
       "turn_limit",
       "turns_left",
       "ended",
       "end_reason",
       "finalized",
       "backend"
      ],
      "type": "object"
     },
     "TranscriptItem": {
      "properties": {
       "turn_number": {
        "type": [
         "integer",
         "null"
        ]
       },
       "speaker": {
        "type": [
         "string",
         "null"
        ]
       },
       "text": {
        "type": [
         "string",
         "null"
        ]
       },
       "at": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "turn_number",
       "speaker",
       "text",
       "at"
      ],
      "type": "object"
     }
    },
    "properties": {
     "result_budget": {
      "$ref": "#/$defs/ResultBudgetNote"
     },
     "total": {
      "type": "integer"
     },
     "offset": {
      "type": "integer"
     },
     "limit": {
      "type": "integer"
     },
     "next_offset": {
      "type": [
       "integer",
       "null"
      ]
     },
     "page_note": {
      "type": "string"
     },
     "request": {
      "anyOf": [
       {
        "$ref": "#/$defs/Request2"
       },
       {
        "type": "null"
       }
      ]
     },
     "case": {
      "anyOf": [
       {
        "$ref": "#/$defs/Case2"
       },
       {
        "type": "null"
       }
      ]
     },
     "agent_side": {
      "type": [
       "string",
       "null"
      ]
     },
     "counterpart": {
      "anyOf": [
       {
        "$ref": "#/$defs/Counterpart"
       },
       {
        "type": "null"
       }
      ]
     },
     "opening_statement": {
      "type": [
       "string",
       "null"
      ]
     },
     "session": {
      "anyOf": [
       {
        "$ref": "#/$defs/Session"
       },
       {
        "type": "null"
       }
      ]
     },
     "summary": {
      "$ref": "#/$defs/JsonValue"
     },
     "proposed_outcome": {
      "$ref": "#/$defs/JsonValue"
     },
     "transcript": {
      "items": {
       "anyOf": [
        {
         "$ref": "#/$defs/TranscriptItem"
        },
        {
         "type": "null"
        }
       ]
      },
      "type": "array"
     }
    },
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
    ],
    "type": "object"
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
    "$defs": {
     "JsonValue": {},
     "ResultBudgetNote": {
      "description": "What the dispatcher's last-resort cut left out: ``omitted`` maps a path to what was kept of it.",
      "properties": {
       "limit": {
        "type": "integer"
       },
       "full_chars": {
        "type": "integer"
       },
       "omitted": {
        "additionalProperties": {
         "type": "string"
        },
        "type": "object"
       },
       "how": {
        "type": "string"
       }
      },
      "required": [
       "limit",
       "full_chars",
       "omitted",
       "how"
      ],
      "type": "object"
     }
    },
    "properties": {
     "result_budget": {
      "$ref": "#/$defs/ResultBudgetNote"
     },
     "request_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "session_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "turn_number": {
      "type": [
       "integer",
       "null"
      ]
     },
     "counterpart_response": {
      "type": [
       "string",
       "null"
      ]
     },
     "agent_turns": {
      "type": [
       "integer",
       "null"
      ]
     },
     "turn_limit": {
      "type": [
       "integer",
       "null"
      ]
     },
     "turns_left": {
      "type": [
       "integer",
       "null"
      ]
     },
     "ended": {
      "type": [
       "boolean",
       "null"
      ]
     },
     "end_reason": {
      "type": [
       "string",
       "null"
      ]
     },
     "backend": {
      "type": [
       "string",
       "null"
      ]
     },
     "token_usage": {
      "$ref": "#/$defs/JsonValue"
     }
    },
    "required": [
     "request_id",
     "session_id",
     "turn_number",
     "counterpart_response",
     "agent_turns",
     "turn_limit",
     "turns_left",
     "ended",
     "end_reason",
     "backend",
     "token_usage"
    ],
    "type": "object"
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
    "$defs": {
     "ResultBudgetNote": {
      "description": "What the dispatcher's last-resort cut left out: ``omitted`` maps a path to what was kept of it.",
      "properties": {
       "limit": {
        "type": "integer"
       },
       "full_chars": {
        "type": "integer"
       },
       "omitted": {
        "additionalProperties": {
         "type": "string"
        },
        "type": "object"
       },
       "how": {
        "type": "string"
       }
      },
      "required": [
       "limit",
       "full_chars",
       "omitted",
       "how"
      ],
      "type": "object"
     }
    },
    "properties": {
     "result_budget": {
      "$ref": "#/$defs/ResultBudgetNote"
     },
     "id": {
      "type": [
       "string",
       "null"
      ]
     },
     "request_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "case_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "agent_side": {
      "type": [
       "string",
       "null"
      ]
     },
     "agent_worker_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "counterpart_worker_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "turn_limit": {
      "type": [
       "integer",
       "null"
      ]
     },
     "agent_turns": {
      "type": [
       "integer",
       "null"
      ]
     },
     "finalized": {
      "type": [
       "boolean",
       "null"
      ]
     },
     "summary": {
      "type": [
       "string",
       "null"
      ]
     },
     "proposed_outcome": {
      "type": [
       "string",
       "null"
      ]
     },
     "started_at": {
      "type": [
       "string",
       "null"
      ]
     },
     "ended_at": {
      "type": [
       "string",
       "null"
      ]
     },
     "backend": {
      "type": [
       "string",
       "null"
      ]
     }
    },
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
    ],
    "type": "object"
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
    "$defs": {
     "Diagnos": {
      "properties": {
       "code": {
        "type": [
         "string",
         "null"
        ]
       },
       "display": {
        "type": [
         "string",
         "null"
        ]
       },
       "is_primary": {
        "type": [
         "boolean",
         "null"
        ]
       }
      },
      "required": [
       "code",
       "display",
       "is_primary"
      ],
      "type": "object"
     },
     "JsonValue": {},
     "LineItem": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "intake_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "line_number": {
        "type": [
         "integer",
         "null"
        ]
       },
       "system": {
        "type": [
         "string",
         "null"
        ]
       },
       "code": {
        "type": [
         "string",
         "null"
        ]
       },
       "display": {
        "type": [
         "string",
         "null"
        ]
       },
       "units": {
        "type": [
         "integer",
         "null"
        ]
       },
       "modifier": {
        "$ref": "#/$defs/JsonValue"
       },
       "place_of_service": {
        "type": [
         "string",
         "null"
        ]
       },
       "service_start": {
        "type": [
         "string",
         "null"
        ]
       },
       "service_end": {
        "$ref": "#/$defs/JsonValue"
       }
      },
      "required": [
       "id",
       "intake_id",
       "line_number",
       "system",
       "code",
       "display",
       "units",
       "modifier",
       "place_of_service",
       "service_start",
       "service_end"
      ],
      "type": "object"
     },
     "RequestingProvider": {
      "properties": {
       "fax": {
        "$ref": "#/$defs/JsonValue"
       },
       "name": {
        "type": [
         "string",
         "null"
        ]
       },
       "npi": {
        "type": [
         "string",
         "null"
        ]
       },
       "organization": {
        "type": [
         "string",
         "null"
        ]
       },
       "phone": {
        "$ref": "#/$defs/JsonValue"
       },
       "specialty": {
        "$ref": "#/$defs/JsonValue"
       }
      },
      "required": [
       "fax",
       "name",
       "npi",
       "organization",
       "phone",
       "specialty"
      ],
      "type": "object"
     },
     "ResultBudgetNote": {
      "description": "What the dispatcher's last-resort cut left out: ``omitted`` maps a path to what was kept of it.",
      "properties": {
       "limit": {
        "type": "integer"
       },
       "full_chars": {
        "type": "integer"
       },
       "omitted": {
        "additionalProperties": {
         "type": "string"
        },
        "type": "object"
       },
       "how": {
        "type": "string"
       }
      },
      "required": [
       "limit",
       "full_chars",
       "omitted",
       "how"
      ],
      "type": "object"
     }
    },
    "properties": {
     "result_budget": {
      "$ref": "#/$defs/ResultBudgetNote"
     },
     "id": {
      "type": [
       "string",
       "null"
      ]
     },
     "case_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "packet_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "status": {
      "type": [
       "string",
       "null"
      ]
     },
     "auth_type": {
      "type": [
       "string",
       "null"
      ]
     },
     "received_at": {
      "type": [
       "string",
       "null"
      ]
     },
     "channel": {
      "type": [
       "string",
       "null"
      ]
     },
     "urgency_level": {
      "type": [
       "string",
       "null"
      ]
     },
     "urgency_requested_by": {
      "type": [
       "string",
       "null"
      ]
     },
     "request_date": {
      "type": [
       "string",
       "null"
      ]
     },
     "service_start": {
      "type": [
       "string",
       "null"
      ]
     },
     "service_end": {
      "$ref": "#/$defs/JsonValue"
     },
     "place_of_service": {
      "type": [
       "string",
       "null"
      ]
     },
     "member_state": {
      "type": [
       "string",
       "null"
      ]
     },
     "member_eligibility_verified": {
      "type": [
       "boolean",
       "null"
      ]
     },
     "continuity_of_care": {
      "$ref": "#/$defs/JsonValue"
     },
     "diagnosis_type": {
      "type": [
       "string",
       "null"
      ]
     },
     "diagnoses": {
      "items": {
       "anyOf": [
        {
         "$ref": "#/$defs/Diagnos"
        },
        {
         "type": "null"
        }
       ]
      },
      "type": "array"
     },
     "requesting_provider": {
      "anyOf": [
       {
        "$ref": "#/$defs/RequestingProvider"
       },
       {
        "type": "null"
       }
      ]
     },
     "decision_request_complete": {
      "$ref": "#/$defs/JsonValue"
     },
     "decision_member_eligible": {
      "$ref": "#/$defs/JsonValue"
     },
     "decision_service_covered": {
      "$ref": "#/$defs/JsonValue"
     },
     "decision_provider_network_status": {
      "$ref": "#/$defs/JsonValue"
     },
     "missing_information": {
      "items": {
       "$ref": "#/$defs/JsonValue"
      },
      "type": "array"
     },
     "completed_by": {
      "$ref": "#/$defs/JsonValue"
     },
     "completed_at": {
      "$ref": "#/$defs/JsonValue"
     },
     "updated_at": {
      "type": [
       "string",
       "null"
      ]
     },
     "line_items": {
      "items": {
       "anyOf": [
        {
         "$ref": "#/$defs/LineItem"
        },
        {
         "type": "null"
        }
       ]
      },
      "type": "array"
     }
    },
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
     "requesting_provider",
     "decision_request_complete",
     "decision_member_eligible",
     "decision_service_covered",
     "decision_provider_network_status",
     "missing_information",
     "completed_by",
     "completed_at",
     "updated_at",
     "line_items"
    ],
    "type": "object"
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
    "$defs": {
     "Diagnos": {
      "properties": {
       "code": {
        "type": [
         "string",
         "null"
        ]
       },
       "display": {
        "type": [
         "string",
         "null"
        ]
       },
       "is_primary": {
        "type": [
         "boolean",
         "null"
        ]
       }
      },
      "required": [
       "code",
       "display",
       "is_primary"
      ],
      "type": "object"
     },
     "JsonValue": {},
     "LineItem": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "intake_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "line_number": {
        "type": [
         "integer",
         "null"
        ]
       },
       "system": {
        "type": [
         "string",
         "null"
        ]
       },
       "code": {
        "type": [
         "string",
         "null"
        ]
       },
       "display": {
        "type": [
         "string",
         "null"
        ]
       },
       "units": {
        "type": [
         "integer",
         "null"
        ]
       },
       "modifier": {
        "$ref": "#/$defs/JsonValue"
       },
       "place_of_service": {
        "type": [
         "string",
         "null"
        ]
       },
       "service_start": {
        "type": [
         "string",
         "null"
        ]
       },
       "service_end": {
        "$ref": "#/$defs/JsonValue"
       }
      },
      "required": [
       "id",
       "intake_id",
       "line_number",
       "system",
       "code",
       "display",
       "units",
       "modifier",
       "place_of_service",
       "service_start",
       "service_end"
      ],
      "type": "object"
     },
     "RequestingProvider2": {
      "properties": {
       "address": {
        "type": [
         "string",
         "null"
        ]
       },
       "fax": {
        "type": [
         "string",
         "null"
        ]
       },
       "name": {
        "type": [
         "string",
         "null"
        ]
       },
       "npi": {
        "type": [
         "string",
         "null"
        ]
       },
       "org_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "org_name": {
        "type": [
         "string",
         "null"
        ]
       },
       "org_npi": {
        "type": [
         "string",
         "null"
        ]
       },
       "phone": {
        "type": [
         "string",
         "null"
        ]
       },
       "specialty": {
        "type": [
         "string",
         "null"
        ]
       },
       "tin": {
        "type": [
         "string",
         "null"
        ]
       },
       "worker_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "organization": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "fax",
       "name",
       "npi",
       "phone",
       "specialty"
      ],
      "type": "object"
     },
     "ResultBudgetNote": {
      "description": "What the dispatcher's last-resort cut left out: ``omitted`` maps a path to what was kept of it.",
      "properties": {
       "limit": {
        "type": "integer"
       },
       "full_chars": {
        "type": "integer"
       },
       "omitted": {
        "additionalProperties": {
         "type": "string"
        },
        "type": "object"
       },
       "how": {
        "type": "string"
       }
      },
      "required": [
       "limit",
       "full_chars",
       "omitted",
       "how"
      ],
      "type": "object"
     }
    },
    "properties": {
     "result_budget": {
      "$ref": "#/$defs/ResultBudgetNote"
     },
     "id": {
      "type": [
       "string",
       "null"
      ]
     },
     "case_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "packet_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "status": {
      "type": [
       "string",
       "null"
      ]
     },
     "auth_type": {
      "type": [
       "string",
       "null"
      ]
     },
     "received_at": {
      "type": [
       "string",
       "null"
      ]
     },
     "channel": {
      "type": [
       "string",
       "null"
      ]
     },
     "urgency_level": {
      "type": [
       "string",
       "null"
      ]
     },
     "urgency_requested_by": {
      "type": [
       "string",
       "null"
      ]
     },
     "request_date": {
      "type": [
       "string",
       "null"
      ]
     },
     "service_start": {
      "type": [
       "string",
       "null"
      ]
     },
     "service_end": {
      "$ref": "#/$defs/JsonValue"
     },
     "place_of_service": {
      "type": [
       "string",
       "null"
      ]
     },
     "member_state": {
      "type": [
       "string",
       "null"
      ]
     },
     "member_eligibility_verified": {
      "type": [
       "boolean",
       "null"
      ]
     },
     "continuity_of_care": {
      "$ref": "#/$defs/JsonValue"
     },
     "diagnosis_type": {
      "type": [
       "string",
       "null"
      ]
     },
     "diagnoses": {
      "items": {
       "anyOf": [
        {
         "$ref": "#/$defs/Diagnos"
        },
        {
         "type": "null"
        }
       ]
      },
      "type": "array"
     },
     "requesting_provider": {
      "anyOf": [
       {
        "$ref": "#/$defs/RequestingProvider2"
       },
       {
        "type": "null"
       }
      ]
     },
     "decision_request_complete": {
      "type": [
       "boolean",
       "null"
      ]
     },
     "decision_member_eligible": {
      "type": [
       "boolean",
       "null"
      ]
     },
     "decision_service_covered": {
      "type": [
       "boolean",
       "null"
      ]
     },
     "decision_provider_network_status": {
      "type": [
       "string",
       "null"
      ]
     },
     "missing_information": {
      "items": {
       "$ref": "#/$defs/JsonValue"
      },
      "type": "array"
     },
     "completed_by": {
      "type": [
       "string",
       "null"
      ]
     },
     "completed_at": {
      "type": [
       "string",
       "null"
      ]
     },
     "updated_at": {
      "type": [
       "string",
       "null"
      ]
     },
     "line_items": {
      "items": {
       "anyOf": [
        {
         "$ref": "#/$defs/LineItem"
        },
        {
         "type": "null"
        }
       ]
      },
      "type": "array"
     }
    },
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
     "requesting_provider",
     "decision_request_complete",
     "decision_member_eligible",
     "decision_service_covered",
     "decision_provider_network_status",
     "missing_information",
     "completed_by",
     "completed_at",
     "updated_at",
     "line_items"
    ],
    "type": "object"
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
    "$defs": {
     "Diagnos": {
      "properties": {
       "code": {
        "type": [
         "string",
         "null"
        ]
       },
       "display": {
        "type": [
         "string",
         "null"
        ]
       },
       "is_primary": {
        "type": [
         "boolean",
         "null"
        ]
       }
      },
      "required": [
       "code",
       "display",
       "is_primary"
      ],
      "type": "object"
     },
     "JsonValue": {},
     "LineItem": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "intake_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "line_number": {
        "type": [
         "integer",
         "null"
        ]
       },
       "system": {
        "type": [
         "string",
         "null"
        ]
       },
       "code": {
        "type": [
         "string",
         "null"
        ]
       },
       "display": {
        "type": [
         "string",
         "null"
        ]
       },
       "units": {
        "type": [
         "integer",
         "null"
        ]
       },
       "modifier": {
        "$ref": "#/$defs/JsonValue"
       },
       "place_of_service": {
        "type": [
         "string",
         "null"
        ]
       },
       "service_start": {
        "type": [
         "string",
         "null"
        ]
       },
       "service_end": {
        "$ref": "#/$defs/JsonValue"
       }
      },
      "required": [
       "id",
       "intake_id",
       "line_number",
       "system",
       "code",
       "display",
       "units",
       "modifier",
       "place_of_service",
       "service_start",
       "service_end"
      ],
      "type": "object"
     },
     "RequestingProvider3": {
      "properties": {
       "address": {
        "type": [
         "string",
         "null"
        ]
       },
       "fax": {
        "type": [
         "string",
         "null"
        ]
       },
       "name": {
        "type": [
         "string",
         "null"
        ]
       },
       "npi": {
        "type": [
         "string",
         "null"
        ]
       },
       "org_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "org_name": {
        "type": [
         "string",
         "null"
        ]
       },
       "org_npi": {
        "type": [
         "string",
         "null"
        ]
       },
       "phone": {
        "type": [
         "string",
         "null"
        ]
       },
       "specialty": {
        "type": [
         "string",
         "null"
        ]
       },
       "tin": {
        "type": [
         "string",
         "null"
        ]
       },
       "worker_id": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "address",
       "fax",
       "name",
       "npi",
       "org_id",
       "org_name",
       "org_npi",
       "phone",
       "specialty",
       "tin",
       "worker_id"
      ],
      "type": "object"
     },
     "ResultBudgetNote": {
      "description": "What the dispatcher's last-resort cut left out: ``omitted`` maps a path to what was kept of it.",
      "properties": {
       "limit": {
        "type": "integer"
       },
       "full_chars": {
        "type": "integer"
       },
       "omitted": {
        "additionalProperties": {
         "type": "string"
        },
        "type": "object"
       },
       "how": {
        "type": "string"
       }
      },
      "required": [
       "limit",
       "full_chars",
       "omitted",
       "how"
      ],
      "type": "object"
     }
    },
    "properties": {
     "result_budget": {
      "$ref": "#/$defs/ResultBudgetNote"
     },
     "id": {
      "type": [
       "string",
       "null"
      ]
     },
     "case_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "packet_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "status": {
      "type": [
       "string",
       "null"
      ]
     },
     "auth_type": {
      "type": [
       "string",
       "null"
      ]
     },
     "received_at": {
      "type": [
       "string",
       "null"
      ]
     },
     "channel": {
      "type": [
       "string",
       "null"
      ]
     },
     "urgency_level": {
      "$ref": "#/$defs/JsonValue"
     },
     "urgency_requested_by": {
      "$ref": "#/$defs/JsonValue"
     },
     "request_date": {
      "$ref": "#/$defs/JsonValue"
     },
     "service_start": {
      "$ref": "#/$defs/JsonValue"
     },
     "service_end": {
      "$ref": "#/$defs/JsonValue"
     },
     "place_of_service": {
      "$ref": "#/$defs/JsonValue"
     },
     "member_state": {
      "$ref": "#/$defs/JsonValue"
     },
     "member_eligibility_verified": {
      "$ref": "#/$defs/JsonValue"
     },
     "continuity_of_care": {
      "$ref": "#/$defs/JsonValue"
     },
     "diagnosis_type": {
      "$ref": "#/$defs/JsonValue"
     },
     "diagnoses": {
      "items": {
       "anyOf": [
        {
         "$ref": "#/$defs/Diagnos"
        },
        {
         "type": "null"
        }
       ]
      },
      "type": "array"
     },
     "requesting_provider": {
      "anyOf": [
       {
        "$ref": "#/$defs/RequestingProvider3"
       },
       {
        "type": "null"
       }
      ]
     },
     "decision_request_complete": {
      "$ref": "#/$defs/JsonValue"
     },
     "decision_member_eligible": {
      "$ref": "#/$defs/JsonValue"
     },
     "decision_service_covered": {
      "$ref": "#/$defs/JsonValue"
     },
     "decision_provider_network_status": {
      "$ref": "#/$defs/JsonValue"
     },
     "missing_information": {
      "items": {
       "$ref": "#/$defs/JsonValue"
      },
      "type": "array"
     },
     "completed_by": {
      "$ref": "#/$defs/JsonValue"
     },
     "completed_at": {
      "$ref": "#/$defs/JsonValue"
     },
     "updated_at": {
      "type": [
       "string",
       "null"
      ]
     },
     "line_items": {
      "items": {
       "anyOf": [
        {
         "$ref": "#/$defs/LineItem"
        },
        {
         "type": "null"
        }
       ]
      },
      "type": "array"
     },
     "created": {
      "type": [
       "boolean",
       "null"
      ]
     }
    },
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
     "requesting_provider",
     "decision_request_complete",
     "decision_member_eligible",
     "decision_service_covered",
     "decision_provider_network_status",
     "missing_information",
     "completed_by",
     "completed_at",
     "updated_at",
     "line_items",
     "created"
    ],
    "type": "object"
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
    "$defs": {
     "Coverage": {
      "properties": {
       "status": {
        "type": [
         "string",
         "null"
        ]
       },
       "effective_date": {
        "type": [
         "string",
         "null"
        ]
       },
       "termination_date": {
        "$ref": "#/$defs/JsonValue"
       },
       "group_number": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "status",
       "effective_date",
       "termination_date",
       "group_number"
      ],
      "type": "object"
     },
     "Diagnos": {
      "properties": {
       "code": {
        "type": [
         "string",
         "null"
        ]
       },
       "display": {
        "type": [
         "string",
         "null"
        ]
       },
       "is_primary": {
        "type": [
         "boolean",
         "null"
        ]
       }
      },
      "required": [
       "code",
       "display",
       "is_primary"
      ],
      "type": "object"
     },
     "DirectoryMatch": {
      "properties": {
       "npi": {
        "type": [
         "string",
         "null"
        ]
       },
       "found": {
        "type": [
         "boolean",
         "null"
        ]
       },
       "worker_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "name": {
        "type": [
         "string",
         "null"
        ]
       },
       "specialty": {
        "type": [
         "string",
         "null"
        ]
       },
       "org_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "org_name": {
        "type": [
         "string",
         "null"
        ]
       },
       "org_state": {
        "type": [
         "string",
         "null"
        ]
       },
       "in_plan_network": {
        "type": [
         "boolean",
         "null"
        ]
       }
      },
      "required": [
       "npi",
       "found",
       "worker_id",
       "name",
       "specialty",
       "org_id",
       "org_name",
       "org_state",
       "in_plan_network"
      ],
      "type": "object"
     },
     "Document": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "kind": {
        "type": [
         "string",
         "null"
        ]
       },
       "title": {
        "type": [
         "string",
         "null"
        ]
       },
       "date": {
        "type": [
         "string",
         "null"
        ]
       },
       "author": {
        "anyOf": [
         {
          "$ref": "#/$defs/RequestingWorker"
         },
         {
          "type": "null"
         }
        ]
       },
       "signed": {
        "type": [
         "boolean",
         "null"
        ]
       },
       "signed_by": {
        "anyOf": [
         {
          "$ref": "#/$defs/RequestingWorker"
         },
         {
          "type": "null"
         }
        ]
       },
       "origin": {
        "type": [
         "string",
         "null"
        ]
       },
       "copied_from": {
        "type": [
         "string",
         "null"
        ]
       },
       "received_at": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "id",
       "kind",
       "title",
       "date",
       "author",
       "signed",
       "signed_by",
       "origin",
       "copied_from",
       "received_at"
      ],
      "type": "object"
     },
     "JsonValue": {},
     "LineItem2": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "intake_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "line_number": {
        "type": [
         "integer",
         "null"
        ]
       },
       "system": {
        "type": [
         "string",
         "null"
        ]
       },
       "code": {
        "type": [
         "string",
         "null"
        ]
       },
       "display": {
        "type": [
         "string",
         "null"
        ]
       },
       "units": {
        "type": [
         "integer",
         "null"
        ]
       },
       "modifier": {
        "type": [
         "string",
         "null"
        ]
       },
       "place_of_service": {
        "type": [
         "string",
         "null"
        ]
       },
       "service_start": {
        "type": [
         "string",
         "null"
        ]
       },
       "service_end": {
        "$ref": "#/$defs/JsonValue"
       }
      },
      "required": [
       "id",
       "intake_id",
       "line_number",
       "system",
       "code",
       "display",
       "units",
       "modifier",
       "place_of_service",
       "service_start",
       "service_end"
      ],
      "type": "object"
     },
     "Member": {
      "properties": {
       "patient_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "name": {
        "type": [
         "string",
         "null"
        ]
       },
       "birth_date": {
        "type": [
         "string",
         "null"
        ]
       },
       "sex": {
        "type": [
         "string",
         "null"
        ]
       },
       "state": {
        "type": [
         "string",
         "null"
        ]
       },
       "preferred_language": {
        "type": [
         "string",
         "null"
        ]
       },
       "member_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "coverage": {
        "anyOf": [
         {
          "$ref": "#/$defs/Coverage"
         },
         {
          "type": "null"
         }
        ]
       },
       "plan": {
        "anyOf": [
         {
          "$ref": "#/$defs/Plan"
         },
         {
          "type": "null"
         }
        ]
       }
      },
      "required": [
       "patient_id",
       "name",
       "birth_date",
       "sex",
       "state",
       "preferred_language",
       "member_id",
       "coverage",
       "plan"
      ],
      "type": "object"
     },
     "MoreEntry": {
      "description": "A list section cut to fit the result budget: entries returned, entries in all, where to continue.",
      "properties": {
       "returned": {
        "type": "integer"
       },
       "total": {
        "type": "integer"
       },
       "next_offset": {
        "type": "integer"
       }
      },
      "required": [
       "returned",
       "total",
       "next_offset"
      ],
      "type": "object"
     },
     "PayerReplyDetail": {
      "properties": {
       "intake_created": {
        "type": [
         "boolean",
         "null"
        ]
       },
       "intake_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "outcome": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "intake_created",
       "intake_id",
       "outcome"
      ],
      "type": "object"
     },
     "Plan": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "name": {
        "type": [
         "string",
         "null"
        ]
       },
       "line_of_business": {
        "type": [
         "string",
         "null"
        ]
       },
       "product": {
        "type": [
         "string",
         "null"
        ]
       },
       "state": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "id",
       "name",
       "line_of_business",
       "product",
       "state"
      ],
      "type": "object"
     },
     "Request3": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "case_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "sequence": {
        "type": [
         "integer",
         "null"
        ]
       },
       "channel": {
        "type": [
         "string",
         "null"
        ]
       },
       "payer_document_ids": {
        "items": {
         "type": [
          "string",
          "null"
         ]
        },
        "type": "array"
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
             "type": "boolean"
            },
            {
             "type": "number"
            }
           ]
          },
          "type": "object"
         },
         {
          "type": "null"
         }
        ]
       },
       "structured": {
        "anyOf": [
         {
          "additionalProperties": {
           "anyOf": [
            {
             "type": "string"
            },
            {
             "items": {
              "anyOf": [
               {
                "type": "string"
               },
               {
                "$ref": "#/$defs/StructuredValueItem"
               },
               {
                "type": "null"
               }
              ]
             },
             "type": "array"
            },
            {
             "type": "null"
            }
           ]
          },
          "type": "object"
         },
         {
          "type": "null"
         }
        ]
       },
       "note": {
        "$ref": "#/$defs/JsonValue"
       },
       "submitted_by": {
        "type": [
         "string",
         "null"
        ]
       },
       "submitted_at": {
        "type": [
         "string",
         "null"
        ]
       },
       "payer_reply": {
        "type": [
         "string",
         "null"
        ]
       },
       "payer_reply_detail": {
        "anyOf": [
         {
          "$ref": "#/$defs/PayerReplyDetail"
         },
         {
          "type": "null"
         }
        ]
       }
      },
      "required": [
       "id",
       "case_id",
       "sequence",
       "channel",
       "payer_document_ids",
       "questionnaire_answers",
       "structured",
       "note",
       "submitted_by",
       "submitted_at",
       "payer_reply",
       "payer_reply_detail"
      ],
      "type": "object"
     },
     "RequestingProvider3": {
      "properties": {
       "address": {
        "type": [
         "string",
         "null"
        ]
       },
       "fax": {
        "type": [
         "string",
         "null"
        ]
       },
       "name": {
        "type": [
         "string",
         "null"
        ]
       },
       "npi": {
        "type": [
         "string",
         "null"
        ]
       },
       "org_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "org_name": {
        "type": [
         "string",
         "null"
        ]
       },
       "org_npi": {
        "type": [
         "string",
         "null"
        ]
       },
       "phone": {
        "type": [
         "string",
         "null"
        ]
       },
       "specialty": {
        "type": [
         "string",
         "null"
        ]
       },
       "tin": {
        "type": [
         "string",
         "null"
        ]
       },
       "worker_id": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "address",
       "fax",
       "name",
       "npi",
       "org_id",
       "org_name",
       "org_npi",
       "phone",
       "specialty",
       "tin",
       "worker_id"
      ],
      "type": "object"
     },
     "RequestingWorker": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "name": {
        "type": [
         "string",
         "null"
        ]
       },
       "role": {
        "type": [
         "string",
         "null"
        ]
       },
       "credentials": {
        "type": [
         "string",
         "null"
        ]
       },
       "npi": {
        "type": [
         "string",
         "null"
        ]
       },
       "org_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "specialty": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "id",
       "name",
       "role",
       "credentials",
       "npi",
       "org_id",
       "specialty"
      ],
      "type": "object"
     },
     "ResultBudgetNote": {
      "description": "What the dispatcher's last-resort cut left out: ``omitted`` maps a path to what was kept of it.",
      "properties": {
       "limit": {
        "type": "integer"
       },
       "full_chars": {
        "type": "integer"
       },
       "omitted": {
        "additionalProperties": {
         "type": "string"
        },
        "type": "object"
       },
       "how": {
        "type": "string"
       }
      },
      "required": [
       "limit",
       "full_chars",
       "omitted",
       "how"
      ],
      "type": "object"
     },
     "StructuredValueItem": {
      "properties": {
       "code": {
        "type": [
         "string",
         "null"
        ]
       },
       "line_number": {
        "type": [
         "integer",
         "null"
        ]
       },
       "modifier": {
        "type": [
         "string",
         "null"
        ]
       },
       "system": {
        "type": [
         "string",
         "null"
        ]
       },
       "units": {
        "type": [
         "integer",
         "null"
        ]
       }
      },
      "required": [
       "code",
       "line_number",
       "modifier",
       "system",
       "units"
      ],
      "type": "object"
     }
    },
    "properties": {
     "result_budget": {
      "$ref": "#/$defs/ResultBudgetNote"
     },
     "more": {
      "additionalProperties": {
       "$ref": "#/$defs/MoreEntry"
      },
      "type": "object"
     },
     "more_hint": {
      "type": "string"
     },
     "id": {
      "type": [
       "string",
       "null"
      ]
     },
     "case_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "packet_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "status": {
      "type": [
       "string",
       "null"
      ]
     },
     "auth_type": {
      "type": [
       "string",
       "null"
      ]
     },
     "received_at": {
      "type": [
       "string",
       "null"
      ]
     },
     "channel": {
      "type": [
       "string",
       "null"
      ]
     },
     "urgency_level": {
      "type": [
       "string",
       "null"
      ]
     },
     "urgency_requested_by": {
      "type": [
       "string",
       "null"
      ]
     },
     "request_date": {
      "type": [
       "string",
       "null"
      ]
     },
     "service_start": {
      "type": [
       "string",
       "null"
      ]
     },
     "service_end": {
      "$ref": "#/$defs/JsonValue"
     },
     "place_of_service": {
      "type": [
       "string",
       "null"
      ]
     },
     "member_state": {
      "type": [
       "string",
       "null"
      ]
     },
     "member_eligibility_verified": {
      "type": [
       "boolean",
       "null"
      ]
     },
     "continuity_of_care": {
      "$ref": "#/$defs/JsonValue"
     },
     "diagnosis_type": {
      "$ref": "#/$defs/JsonValue"
     },
     "diagnoses": {
      "items": {
       "anyOf": [
        {
         "$ref": "#/$defs/Diagnos"
        },
        {
         "type": "null"
        }
       ]
      },
      "type": "array"
     },
     "requesting_provider": {
      "anyOf": [
       {
        "$ref": "#/$defs/RequestingProvider3"
       },
       {
        "type": "null"
       }
      ]
     },
     "decision_request_complete": {
      "type": [
       "boolean",
       "null"
      ]
     },
     "decision_member_eligible": {
      "type": [
       "boolean",
       "null"
      ]
     },
     "decision_service_covered": {
      "type": [
       "boolean",
       "null"
      ]
     },
     "decision_provider_network_status": {
      "type": [
       "string",
       "null"
      ]
     },
     "missing_information": {
      "items": {
       "$ref": "#/$defs/JsonValue"
      },
      "type": "array"
     },
     "completed_by": {
      "type": [
       "string",
       "null"
      ]
     },
     "completed_at": {
      "type": [
       "string",
       "null"
      ]
     },
     "updated_at": {
      "type": [
       "string",
       "null"
      ]
     },
     "line_items": {
      "items": {
       "anyOf": [
        {
         "$ref": "#/$defs/LineItem2"
        },
        {
         "type": "null"
        }
       ]
      },
      "type": "array"
     },
     "member": {
      "anyOf": [
       {
        "$ref": "#/$defs/Member"
       },
       {
        "type": "null"
       }
      ]
     },
     "request": {
      "anyOf": [
       {
        "$ref": "#/$defs/Request3"
       },
       {
        "type": "null"
       }
      ]
     },
     "directory_match": {
      "anyOf": [
       {
        "$ref": "#/$defs/DirectoryMatch"
       },
       {
        "type": "null"
       }
      ]
     },
     "documents": {
      "items": {
       "anyOf": [
        {
         "$ref": "#/$defs/Document"
        },
        {
         "type": "null"
        }
       ]
      },
      "type": "array"
     }
    },
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
     "requesting_provider",
     "decision_request_complete",
     "decision_member_eligible",
     "decision_service_covered",
     "decision_provider_network_status",
     "missing_information",
     "completed_by",
     "completed_at",
     "updated_at",
     "line_items",
     "member",
     "request",
     "directory_match",
     "documents"
    ],
    "type": "object"
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
    "$defs": {
     "Document": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "kind": {
        "type": [
         "string",
         "null"
        ]
       },
       "title": {
        "type": [
         "string",
         "null"
        ]
       },
       "date": {
        "type": [
         "string",
         "null"
        ]
       },
       "author": {
        "anyOf": [
         {
          "$ref": "#/$defs/RequestingWorker"
         },
         {
          "type": "null"
         }
        ]
       },
       "signed": {
        "type": [
         "boolean",
         "null"
        ]
       },
       "signed_by": {
        "anyOf": [
         {
          "$ref": "#/$defs/RequestingWorker"
         },
         {
          "type": "null"
         }
        ]
       },
       "origin": {
        "type": [
         "string",
         "null"
        ]
       },
       "copied_from": {
        "type": [
         "string",
         "null"
        ]
       },
       "received_at": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "id",
       "kind",
       "title",
       "date",
       "author",
       "signed",
       "signed_by",
       "origin",
       "copied_from",
       "received_at"
      ],
      "type": "object"
     },
     "RequestingWorker": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "name": {
        "type": [
         "string",
         "null"
        ]
       },
       "role": {
        "type": [
         "string",
         "null"
        ]
       },
       "credentials": {
        "type": [
         "string",
         "null"
        ]
       },
       "npi": {
        "type": [
         "string",
         "null"
        ]
       },
       "org_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "specialty": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "id",
       "name",
       "role",
       "credentials",
       "npi",
       "org_id",
       "specialty"
      ],
      "type": "object"
     },
     "ResultBudgetNote": {
      "description": "What the dispatcher's last-resort cut left out: ``omitted`` maps a path to what was kept of it.",
      "properties": {
       "limit": {
        "type": "integer"
       },
       "full_chars": {
        "type": "integer"
       },
       "omitted": {
        "additionalProperties": {
         "type": "string"
        },
        "type": "object"
       },
       "how": {
        "type": "string"
       }
      },
      "required": [
       "limit",
       "full_chars",
       "omitted",
       "how"
      ],
      "type": "object"
     }
    },
    "properties": {
     "result_budget": {
      "$ref": "#/$defs/ResultBudgetNote"
     },
     "total": {
      "type": "integer"
     },
     "offset": {
      "type": "integer"
     },
     "limit": {
      "type": "integer"
     },
     "next_offset": {
      "type": [
       "integer",
       "null"
      ]
     },
     "page_note": {
      "type": "string"
     },
     "documents": {
      "items": {
       "anyOf": [
        {
         "$ref": "#/$defs/Document"
        },
        {
         "type": "null"
        }
       ]
      },
      "type": "array"
     }
    },
    "required": [
     "total",
     "offset",
     "limit",
     "next_offset",
     "documents"
    ],
    "type": "object"
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
    "$defs": {
     "Cas": {
      "properties": {
       "case_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "case_status": {
        "type": [
         "string",
         "null"
        ]
       },
       "intake_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "intake_status": {
        "type": [
         "string",
         "null"
        ]
       },
       "workflow_state": {
        "type": [
         "string",
         "null"
        ]
       },
       "received_at": {
        "type": [
         "string",
         "null"
        ]
       },
       "channel": {
        "type": [
         "string",
         "null"
        ]
       },
       "requested_urgency": {
        "type": [
         "string",
         "null"
        ]
       },
       "member_name": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "case_id",
       "case_status",
       "intake_id",
       "intake_status",
       "workflow_state",
       "received_at",
       "channel",
       "requested_urgency",
       "member_name"
      ],
      "type": "object"
     },
     "ResultBudgetNote": {
      "description": "What the dispatcher's last-resort cut left out: ``omitted`` maps a path to what was kept of it.",
      "properties": {
       "limit": {
        "type": "integer"
       },
       "full_chars": {
        "type": "integer"
       },
       "omitted": {
        "additionalProperties": {
         "type": "string"
        },
        "type": "object"
       },
       "how": {
        "type": "string"
       }
      },
      "required": [
       "limit",
       "full_chars",
       "omitted",
       "how"
      ],
      "type": "object"
     }
    },
    "properties": {
     "result_budget": {
      "$ref": "#/$defs/ResultBudgetNote"
     },
     "total": {
      "type": "integer"
     },
     "offset": {
      "type": "integer"
     },
     "limit": {
      "type": "integer"
     },
     "next_offset": {
      "type": [
       "integer",
       "null"
      ]
     },
     "page_note": {
      "type": "string"
     },
     "cases": {
      "items": {
       "anyOf": [
        {
         "$ref": "#/$defs/Cas"
        },
        {
         "type": "null"
        }
       ]
      },
      "type": "array"
     }
    },
    "required": [
     "total",
     "offset",
     "limit",
     "next_offset",
     "cases"
    ],
    "type": "object"
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
    "$defs": {
     "Diagnos": {
      "properties": {
       "code": {
        "type": [
         "string",
         "null"
        ]
       },
       "display": {
        "type": [
         "string",
         "null"
        ]
       },
       "is_primary": {
        "type": [
         "boolean",
         "null"
        ]
       }
      },
      "required": [
       "code",
       "display",
       "is_primary"
      ],
      "type": "object"
     },
     "JsonValue": {},
     "LineItem": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "intake_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "line_number": {
        "type": [
         "integer",
         "null"
        ]
       },
       "system": {
        "type": [
         "string",
         "null"
        ]
       },
       "code": {
        "type": [
         "string",
         "null"
        ]
       },
       "display": {
        "type": [
         "string",
         "null"
        ]
       },
       "units": {
        "type": [
         "integer",
         "null"
        ]
       },
       "modifier": {
        "$ref": "#/$defs/JsonValue"
       },
       "place_of_service": {
        "type": [
         "string",
         "null"
        ]
       },
       "service_start": {
        "type": [
         "string",
         "null"
        ]
       },
       "service_end": {
        "$ref": "#/$defs/JsonValue"
       }
      },
      "required": [
       "id",
       "intake_id",
       "line_number",
       "system",
       "code",
       "display",
       "units",
       "modifier",
       "place_of_service",
       "service_start",
       "service_end"
      ],
      "type": "object"
     },
     "RequestingProvider": {
      "properties": {
       "fax": {
        "$ref": "#/$defs/JsonValue"
       },
       "name": {
        "type": [
         "string",
         "null"
        ]
       },
       "npi": {
        "type": [
         "string",
         "null"
        ]
       },
       "organization": {
        "type": [
         "string",
         "null"
        ]
       },
       "phone": {
        "$ref": "#/$defs/JsonValue"
       },
       "specialty": {
        "$ref": "#/$defs/JsonValue"
       }
      },
      "required": [
       "fax",
       "name",
       "npi",
       "organization",
       "phone",
       "specialty"
      ],
      "type": "object"
     },
     "ResultBudgetNote": {
      "description": "What the dispatcher's last-resort cut left out: ``omitted`` maps a path to what was kept of it.",
      "properties": {
       "limit": {
        "type": "integer"
       },
       "full_chars": {
        "type": "integer"
       },
       "omitted": {
        "additionalProperties": {
         "type": "string"
        },
        "type": "object"
       },
       "how": {
        "type": "string"
       }
      },
      "required": [
       "limit",
       "full_chars",
       "omitted",
       "how"
      ],
      "type": "object"
     }
    },
    "properties": {
     "result_budget": {
      "$ref": "#/$defs/ResultBudgetNote"
     },
     "id": {
      "type": [
       "string",
       "null"
      ]
     },
     "case_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "packet_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "status": {
      "type": [
       "string",
       "null"
      ]
     },
     "auth_type": {
      "type": [
       "string",
       "null"
      ]
     },
     "received_at": {
      "type": [
       "string",
       "null"
      ]
     },
     "channel": {
      "type": [
       "string",
       "null"
      ]
     },
     "urgency_level": {
      "type": [
       "string",
       "null"
      ]
     },
     "urgency_requested_by": {
      "type": [
       "string",
       "null"
      ]
     },
     "request_date": {
      "type": [
       "string",
       "null"
      ]
     },
     "service_start": {
      "type": [
       "string",
       "null"
      ]
     },
     "service_end": {
      "$ref": "#/$defs/JsonValue"
     },
     "place_of_service": {
      "type": [
       "string",
       "null"
      ]
     },
     "member_state": {
      "type": [
       "string",
       "null"
      ]
     },
     "member_eligibility_verified": {
      "type": [
       "boolean",
       "null"
      ]
     },
     "continuity_of_care": {
      "$ref": "#/$defs/JsonValue"
     },
     "diagnosis_type": {
      "type": [
       "string",
       "null"
      ]
     },
     "diagnoses": {
      "items": {
       "anyOf": [
        {
         "$ref": "#/$defs/Diagnos"
        },
        {
         "type": "null"
        }
       ]
      },
      "type": "array"
     },
     "requesting_provider": {
      "anyOf": [
       {
        "$ref": "#/$defs/RequestingProvider"
       },
       {
        "type": "null"
       }
      ]
     },
     "decision_request_complete": {
      "$ref": "#/$defs/JsonValue"
     },
     "decision_member_eligible": {
      "$ref": "#/$defs/JsonValue"
     },
     "decision_service_covered": {
      "$ref": "#/$defs/JsonValue"
     },
     "decision_provider_network_status": {
      "$ref": "#/$defs/JsonValue"
     },
     "missing_information": {
      "items": {
       "$ref": "#/$defs/JsonValue"
      },
      "type": "array"
     },
     "completed_by": {
      "$ref": "#/$defs/JsonValue"
     },
     "completed_at": {
      "$ref": "#/$defs/JsonValue"
     },
     "updated_at": {
      "type": [
       "string",
       "null"
      ]
     },
     "line_items": {
      "items": {
       "anyOf": [
        {
         "$ref": "#/$defs/LineItem"
        },
        {
         "type": "null"
        }
       ]
      },
      "type": "array"
     }
    },
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
     "requesting_provider",
     "decision_request_complete",
     "decision_member_eligible",
     "decision_service_covered",
     "decision_provider_network_status",
     "missing_information",
     "completed_by",
     "completed_at",
     "updated_at",
     "line_items"
    ],
    "type": "object"
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
    "$defs": {
     "Diagnos": {
      "properties": {
       "code": {
        "type": [
         "string",
         "null"
        ]
       },
       "display": {
        "type": [
         "string",
         "null"
        ]
       },
       "is_primary": {
        "type": [
         "boolean",
         "null"
        ]
       }
      },
      "required": [
       "code",
       "display",
       "is_primary"
      ],
      "type": "object"
     },
     "JsonValue": {},
     "LineItem2": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "intake_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "line_number": {
        "type": [
         "integer",
         "null"
        ]
       },
       "system": {
        "type": [
         "string",
         "null"
        ]
       },
       "code": {
        "type": [
         "string",
         "null"
        ]
       },
       "display": {
        "type": [
         "string",
         "null"
        ]
       },
       "units": {
        "type": [
         "integer",
         "null"
        ]
       },
       "modifier": {
        "type": [
         "string",
         "null"
        ]
       },
       "place_of_service": {
        "type": [
         "string",
         "null"
        ]
       },
       "service_start": {
        "type": [
         "string",
         "null"
        ]
       },
       "service_end": {
        "$ref": "#/$defs/JsonValue"
       }
      },
      "required": [
       "id",
       "intake_id",
       "line_number",
       "system",
       "code",
       "display",
       "units",
       "modifier",
       "place_of_service",
       "service_start",
       "service_end"
      ],
      "type": "object"
     },
     "RequestingProvider3": {
      "properties": {
       "address": {
        "type": [
         "string",
         "null"
        ]
       },
       "fax": {
        "type": [
         "string",
         "null"
        ]
       },
       "name": {
        "type": [
         "string",
         "null"
        ]
       },
       "npi": {
        "type": [
         "string",
         "null"
        ]
       },
       "org_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "org_name": {
        "type": [
         "string",
         "null"
        ]
       },
       "org_npi": {
        "type": [
         "string",
         "null"
        ]
       },
       "phone": {
        "type": [
         "string",
         "null"
        ]
       },
       "specialty": {
        "type": [
         "string",
         "null"
        ]
       },
       "tin": {
        "type": [
         "string",
         "null"
        ]
       },
       "worker_id": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "address",
       "fax",
       "name",
       "npi",
       "org_id",
       "org_name",
       "org_npi",
       "phone",
       "specialty",
       "tin",
       "worker_id"
      ],
      "type": "object"
     },
     "ResultBudgetNote": {
      "description": "What the dispatcher's last-resort cut left out: ``omitted`` maps a path to what was kept of it.",
      "properties": {
       "limit": {
        "type": "integer"
       },
       "full_chars": {
        "type": "integer"
       },
       "omitted": {
        "additionalProperties": {
         "type": "string"
        },
        "type": "object"
       },
       "how": {
        "type": "string"
       }
      },
      "required": [
       "limit",
       "full_chars",
       "omitted",
       "how"
      ],
      "type": "object"
     }
    },
    "properties": {
     "result_budget": {
      "$ref": "#/$defs/ResultBudgetNote"
     },
     "id": {
      "type": [
       "string",
       "null"
      ]
     },
     "case_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "packet_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "status": {
      "type": [
       "string",
       "null"
      ]
     },
     "auth_type": {
      "type": [
       "string",
       "null"
      ]
     },
     "received_at": {
      "type": [
       "string",
       "null"
      ]
     },
     "channel": {
      "type": [
       "string",
       "null"
      ]
     },
     "urgency_level": {
      "type": [
       "string",
       "null"
      ]
     },
     "urgency_requested_by": {
      "type": [
       "string",
       "null"
      ]
     },
     "request_date": {
      "type": [
       "string",
       "null"
      ]
     },
     "service_start": {
      "type": [
       "string",
       "null"
      ]
     },
     "service_end": {
      "$ref": "#/$defs/JsonValue"
     },
     "place_of_service": {
      "type": [
       "string",
       "null"
      ]
     },
     "member_state": {
      "type": [
       "string",
       "null"
      ]
     },
     "member_eligibility_verified": {
      "type": [
       "boolean",
       "null"
      ]
     },
     "continuity_of_care": {
      "$ref": "#/$defs/JsonValue"
     },
     "diagnosis_type": {
      "$ref": "#/$defs/JsonValue"
     },
     "diagnoses": {
      "items": {
       "anyOf": [
        {
         "$ref": "#/$defs/Diagnos"
        },
        {
         "type": "null"
        }
       ]
      },
      "type": "array"
     },
     "requesting_provider": {
      "anyOf": [
       {
        "$ref": "#/$defs/RequestingProvider3"
       },
       {
        "type": "null"
       }
      ]
     },
     "decision_request_complete": {
      "$ref": "#/$defs/JsonValue"
     },
     "decision_member_eligible": {
      "$ref": "#/$defs/JsonValue"
     },
     "decision_service_covered": {
      "$ref": "#/$defs/JsonValue"
     },
     "decision_provider_network_status": {
      "$ref": "#/$defs/JsonValue"
     },
     "missing_information": {
      "items": {
       "$ref": "#/$defs/JsonValue"
      },
      "type": "array"
     },
     "completed_by": {
      "$ref": "#/$defs/JsonValue"
     },
     "completed_at": {
      "$ref": "#/$defs/JsonValue"
     },
     "updated_at": {
      "type": [
       "string",
       "null"
      ]
     },
     "line_items": {
      "items": {
       "anyOf": [
        {
         "$ref": "#/$defs/LineItem2"
        },
        {
         "type": "null"
        }
       ]
      },
      "type": "array"
     }
    },
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
     "requesting_provider",
     "decision_request_complete",
     "decision_member_eligible",
     "decision_service_covered",
     "decision_provider_network_status",
     "missing_information",
     "completed_by",
     "completed_at",
     "updated_at",
     "line_items"
    ],
    "type": "object"
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
    "$defs": {
     "Diagnos": {
      "properties": {
       "code": {
        "type": [
         "string",
         "null"
        ]
       },
       "display": {
        "type": [
         "string",
         "null"
        ]
       },
       "is_primary": {
        "type": [
         "boolean",
         "null"
        ]
       }
      },
      "required": [
       "code",
       "display",
       "is_primary"
      ],
      "type": "object"
     },
     "JsonValue": {},
     "LineItem": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "intake_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "line_number": {
        "type": [
         "integer",
         "null"
        ]
       },
       "system": {
        "type": [
         "string",
         "null"
        ]
       },
       "code": {
        "type": [
         "string",
         "null"
        ]
       },
       "display": {
        "type": [
         "string",
         "null"
        ]
       },
       "units": {
        "type": [
         "integer",
         "null"
        ]
       },
       "modifier": {
        "$ref": "#/$defs/JsonValue"
       },
       "place_of_service": {
        "type": [
         "string",
         "null"
        ]
       },
       "service_start": {
        "type": [
         "string",
         "null"
        ]
       },
       "service_end": {
        "$ref": "#/$defs/JsonValue"
       }
      },
      "required": [
       "id",
       "intake_id",
       "line_number",
       "system",
       "code",
       "display",
       "units",
       "modifier",
       "place_of_service",
       "service_start",
       "service_end"
      ],
      "type": "object"
     },
     "RequestingProvider3": {
      "properties": {
       "address": {
        "type": [
         "string",
         "null"
        ]
       },
       "fax": {
        "type": [
         "string",
         "null"
        ]
       },
       "name": {
        "type": [
         "string",
         "null"
        ]
       },
       "npi": {
        "type": [
         "string",
         "null"
        ]
       },
       "org_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "org_name": {
        "type": [
         "string",
         "null"
        ]
       },
       "org_npi": {
        "type": [
         "string",
         "null"
        ]
       },
       "phone": {
        "type": [
         "string",
         "null"
        ]
       },
       "specialty": {
        "type": [
         "string",
         "null"
        ]
       },
       "tin": {
        "type": [
         "string",
         "null"
        ]
       },
       "worker_id": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "address",
       "fax",
       "name",
       "npi",
       "org_id",
       "org_name",
       "org_npi",
       "phone",
       "specialty",
       "tin",
       "worker_id"
      ],
      "type": "object"
     },
     "ResultBudgetNote": {
      "description": "What the dispatcher's last-resort cut left out: ``omitted`` maps a path to what was kept of it.",
      "properties": {
       "limit": {
        "type": "integer"
       },
       "full_chars": {
        "type": "integer"
       },
       "omitted": {
        "additionalProperties": {
         "type": "string"
        },
        "type": "object"
       },
       "how": {
        "type": "string"
       }
      },
      "required": [
       "limit",
       "full_chars",
       "omitted",
       "how"
      ],
      "type": "object"
     }
    },
    "properties": {
     "result_budget": {
      "$ref": "#/$defs/ResultBudgetNote"
     },
     "id": {
      "type": [
       "string",
       "null"
      ]
     },
     "case_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "packet_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "status": {
      "type": [
       "string",
       "null"
      ]
     },
     "auth_type": {
      "type": [
       "string",
       "null"
      ]
     },
     "received_at": {
      "type": [
       "string",
       "null"
      ]
     },
     "channel": {
      "type": [
       "string",
       "null"
      ]
     },
     "urgency_level": {
      "type": [
       "string",
       "null"
      ]
     },
     "urgency_requested_by": {
      "type": [
       "string",
       "null"
      ]
     },
     "request_date": {
      "type": [
       "string",
       "null"
      ]
     },
     "service_start": {
      "type": [
       "string",
       "null"
      ]
     },
     "service_end": {
      "$ref": "#/$defs/JsonValue"
     },
     "place_of_service": {
      "type": [
       "string",
       "null"
      ]
     },
     "member_state": {
      "type": [
       "string",
       "null"
      ]
     },
     "member_eligibility_verified": {
      "type": [
       "boolean",
       "null"
      ]
     },
     "continuity_of_care": {
      "$ref": "#/$defs/JsonValue"
     },
     "diagnosis_type": {
      "type": [
       "string",
       "null"
      ]
     },
     "diagnoses": {
      "items": {
       "anyOf": [
        {
         "$ref": "#/$defs/Diagnos"
        },
        {
         "type": "null"
        }
       ]
      },
      "type": "array"
     },
     "requesting_provider": {
      "anyOf": [
       {
        "$ref": "#/$defs/RequestingProvider3"
       },
       {
        "type": "null"
       }
      ]
     },
     "decision_request_complete": {
      "$ref": "#/$defs/JsonValue"
     },
     "decision_member_eligible": {
      "$ref": "#/$defs/JsonValue"
     },
     "decision_service_covered": {
      "$ref": "#/$defs/JsonValue"
     },
     "decision_provider_network_status": {
      "$ref": "#/$defs/JsonValue"
     },
     "missing_information": {
      "items": {
       "$ref": "#/$defs/JsonValue"
      },
      "type": "array"
     },
     "completed_by": {
      "$ref": "#/$defs/JsonValue"
     },
     "completed_at": {
      "$ref": "#/$defs/JsonValue"
     },
     "updated_at": {
      "type": [
       "string",
       "null"
      ]
     },
     "line_items": {
      "items": {
       "anyOf": [
        {
         "$ref": "#/$defs/LineItem"
        },
        {
         "type": "null"
        }
       ]
      },
      "type": "array"
     }
    },
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
     "requesting_provider",
     "decision_request_complete",
     "decision_member_eligible",
     "decision_service_covered",
     "decision_provider_network_status",
     "missing_information",
     "completed_by",
     "completed_at",
     "updated_at",
     "line_items"
    ],
    "type": "object"
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
    "$defs": {
     "Diagnos": {
      "properties": {
       "code": {
        "type": [
         "string",
         "null"
        ]
       },
       "display": {
        "type": [
         "string",
         "null"
        ]
       },
       "is_primary": {
        "type": [
         "boolean",
         "null"
        ]
       }
      },
      "required": [
       "code",
       "display",
       "is_primary"
      ],
      "type": "object"
     },
     "JsonValue": {},
     "LineItem": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "intake_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "line_number": {
        "type": [
         "integer",
         "null"
        ]
       },
       "system": {
        "type": [
         "string",
         "null"
        ]
       },
       "code": {
        "type": [
         "string",
         "null"
        ]
       },
       "display": {
        "type": [
         "string",
         "null"
        ]
       },
       "units": {
        "type": [
         "integer",
         "null"
        ]
       },
       "modifier": {
        "$ref": "#/$defs/JsonValue"
       },
       "place_of_service": {
        "type": [
         "string",
         "null"
        ]
       },
       "service_start": {
        "type": [
         "string",
         "null"
        ]
       },
       "service_end": {
        "$ref": "#/$defs/JsonValue"
       }
      },
      "required": [
       "id",
       "intake_id",
       "line_number",
       "system",
       "code",
       "display",
       "units",
       "modifier",
       "place_of_service",
       "service_start",
       "service_end"
      ],
      "type": "object"
     },
     "RequestingProvider4": {
      "properties": {
       "npi": {
        "type": [
         "string",
         "null"
        ]
       },
       "name": {
        "type": [
         "string",
         "null"
        ]
       },
       "organization": {
        "type": [
         "string",
         "null"
        ]
       },
       "specialty": {
        "$ref": "#/$defs/JsonValue"
       },
       "phone": {
        "$ref": "#/$defs/JsonValue"
       },
       "fax": {
        "$ref": "#/$defs/JsonValue"
       }
      },
      "required": [
       "npi",
       "name",
       "organization",
       "specialty",
       "phone",
       "fax"
      ],
      "type": "object"
     },
     "ResultBudgetNote": {
      "description": "What the dispatcher's last-resort cut left out: ``omitted`` maps a path to what was kept of it.",
      "properties": {
       "limit": {
        "type": "integer"
       },
       "full_chars": {
        "type": "integer"
       },
       "omitted": {
        "additionalProperties": {
         "type": "string"
        },
        "type": "object"
       },
       "how": {
        "type": "string"
       }
      },
      "required": [
       "limit",
       "full_chars",
       "omitted",
       "how"
      ],
      "type": "object"
     }
    },
    "properties": {
     "result_budget": {
      "$ref": "#/$defs/ResultBudgetNote"
     },
     "id": {
      "type": [
       "string",
       "null"
      ]
     },
     "case_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "packet_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "status": {
      "type": [
       "string",
       "null"
      ]
     },
     "auth_type": {
      "type": [
       "string",
       "null"
      ]
     },
     "received_at": {
      "type": [
       "string",
       "null"
      ]
     },
     "channel": {
      "type": [
       "string",
       "null"
      ]
     },
     "urgency_level": {
      "type": [
       "string",
       "null"
      ]
     },
     "urgency_requested_by": {
      "type": [
       "string",
       "null"
      ]
     },
     "request_date": {
      "type": [
       "string",
       "null"
      ]
     },
     "service_start": {
      "type": [
       "string",
       "null"
      ]
     },
     "service_end": {
      "$ref": "#/$defs/JsonValue"
     },
     "place_of_service": {
      "type": [
       "string",
       "null"
      ]
     },
     "member_state": {
      "type": [
       "string",
       "null"
      ]
     },
     "member_eligibility_verified": {
      "type": [
       "boolean",
       "null"
      ]
     },
     "continuity_of_care": {
      "$ref": "#/$defs/JsonValue"
     },
     "diagnosis_type": {
      "type": [
       "string",
       "null"
      ]
     },
     "diagnoses": {
      "items": {
       "anyOf": [
        {
         "$ref": "#/$defs/Diagnos"
        },
        {
         "type": "null"
        }
       ]
      },
      "type": "array"
     },
     "requesting_provider": {
      "anyOf": [
       {
        "$ref": "#/$defs/RequestingProvider4"
       },
       {
        "type": "null"
       }
      ]
     },
     "decision_request_complete": {
      "$ref": "#/$defs/JsonValue"
     },
     "decision_member_eligible": {
      "$ref": "#/$defs/JsonValue"
     },
     "decision_service_covered": {
      "$ref": "#/$defs/JsonValue"
     },
     "decision_provider_network_status": {
      "$ref": "#/$defs/JsonValue"
     },
     "missing_information": {
      "items": {
       "$ref": "#/$defs/JsonValue"
      },
      "type": "array"
     },
     "completed_by": {
      "$ref": "#/$defs/JsonValue"
     },
     "completed_at": {
      "$ref": "#/$defs/JsonValue"
     },
     "updated_at": {
      "type": [
       "string",
       "null"
      ]
     },
     "line_items": {
      "items": {
       "anyOf": [
        {
         "$ref": "#/$defs/LineItem"
        },
        {
         "type": "null"
        }
       ]
      },
      "type": "array"
     }
    },
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
     "requesting_provider",
     "decision_request_complete",
     "decision_member_eligible",
     "decision_service_covered",
     "decision_provider_network_status",
     "missing_information",
     "completed_by",
     "completed_at",
     "updated_at",
     "line_items"
    ],
    "type": "object"
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
    "$defs": {
     "Diagnos": {
      "properties": {
       "code": {
        "type": [
         "string",
         "null"
        ]
       },
       "display": {
        "type": [
         "string",
         "null"
        ]
       },
       "is_primary": {
        "type": [
         "boolean",
         "null"
        ]
       }
      },
      "required": [
       "code",
       "display",
       "is_primary"
      ],
      "type": "object"
     },
     "JsonValue": {},
     "LineItem": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "intake_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "line_number": {
        "type": [
         "integer",
         "null"
        ]
       },
       "system": {
        "type": [
         "string",
         "null"
        ]
       },
       "code": {
        "type": [
         "string",
         "null"
        ]
       },
       "display": {
        "type": [
         "string",
         "null"
        ]
       },
       "units": {
        "type": [
         "integer",
         "null"
        ]
       },
       "modifier": {
        "$ref": "#/$defs/JsonValue"
       },
       "place_of_service": {
        "type": [
         "string",
         "null"
        ]
       },
       "service_start": {
        "type": [
         "string",
         "null"
        ]
       },
       "service_end": {
        "$ref": "#/$defs/JsonValue"
       }
      },
      "required": [
       "id",
       "intake_id",
       "line_number",
       "system",
       "code",
       "display",
       "units",
       "modifier",
       "place_of_service",
       "service_start",
       "service_end"
      ],
      "type": "object"
     },
     "RequestingProvider": {
      "properties": {
       "fax": {
        "$ref": "#/$defs/JsonValue"
       },
       "name": {
        "type": [
         "string",
         "null"
        ]
       },
       "npi": {
        "type": [
         "string",
         "null"
        ]
       },
       "organization": {
        "type": [
         "string",
         "null"
        ]
       },
       "phone": {
        "$ref": "#/$defs/JsonValue"
       },
       "specialty": {
        "$ref": "#/$defs/JsonValue"
       }
      },
      "required": [
       "fax",
       "name",
       "npi",
       "organization",
       "phone",
       "specialty"
      ],
      "type": "object"
     },
     "ResultBudgetNote": {
      "description": "What the dispatcher's last-resort cut left out: ``omitted`` maps a path to what was kept of it.",
      "properties": {
       "limit": {
        "type": "integer"
       },
       "full_chars": {
        "type": "integer"
       },
       "omitted": {
        "additionalProperties": {
         "type": "string"
        },
        "type": "object"
       },
       "how": {
        "type": "string"
       }
      },
      "required": [
       "limit",
       "full_chars",
       "omitted",
       "how"
      ],
      "type": "object"
     }
    },
    "properties": {
     "result_budget": {
      "$ref": "#/$defs/ResultBudgetNote"
     },
     "id": {
      "type": [
       "string",
       "null"
      ]
     },
     "case_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "packet_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "status": {
      "type": [
       "string",
       "null"
      ]
     },
     "auth_type": {
      "type": [
       "string",
       "null"
      ]
     },
     "received_at": {
      "type": [
       "string",
       "null"
      ]
     },
     "channel": {
      "type": [
       "string",
       "null"
      ]
     },
     "urgency_level": {
      "type": [
       "string",
       "null"
      ]
     },
     "urgency_requested_by": {
      "type": [
       "string",
       "null"
      ]
     },
     "request_date": {
      "type": [
       "string",
       "null"
      ]
     },
     "service_start": {
      "type": [
       "string",
       "null"
      ]
     },
     "service_end": {
      "$ref": "#/$defs/JsonValue"
     },
     "place_of_service": {
      "type": [
       "string",
       "null"
      ]
     },
     "member_state": {
      "type": [
       "string",
       "null"
      ]
     },
     "member_eligibility_verified": {
      "type": [
       "boolean",
       "null"
      ]
     },
     "continuity_of_care": {
      "$ref": "#/$defs/JsonValue"
     },
     "diagnosis_type": {
      "type": [
       "string",
       "null"
      ]
     },
     "diagnoses": {
      "items": {
       "anyOf": [
        {
         "$ref": "#/$defs/Diagnos"
        },
        {
         "type": "null"
        }
       ]
      },
      "type": "array"
     },
     "requesting_provider": {
      "anyOf": [
       {
        "$ref": "#/$defs/RequestingProvider"
       },
       {
        "type": "null"
       }
      ]
     },
     "decision_request_complete": {
      "$ref": "#/$defs/JsonValue"
     },
     "decision_member_eligible": {
      "$ref": "#/$defs/JsonValue"
     },
     "decision_service_covered": {
      "$ref": "#/$defs/JsonValue"
     },
     "decision_provider_network_status": {
      "$ref": "#/$defs/JsonValue"
     },
     "missing_information": {
      "items": {
       "$ref": "#/$defs/JsonValue"
      },
      "type": "array"
     },
     "completed_by": {
      "$ref": "#/$defs/JsonValue"
     },
     "completed_at": {
      "$ref": "#/$defs/JsonValue"
     },
     "updated_at": {
      "type": [
       "string",
       "null"
      ]
     },
     "line_items": {
      "items": {
       "anyOf": [
        {
         "$ref": "#/$defs/LineItem"
        },
        {
         "type": "null"
        }
       ]
      },
      "type": "array"
     }
    },
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
     "requesting_provider",
     "decision_request_complete",
     "decision_member_eligible",
     "decision_service_covered",
     "decision_provider_network_status",
     "missing_information",
     "completed_by",
     "completed_at",
     "updated_at",
     "line_items"
    ],
    "type": "object"
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
    "$defs": {
     "JsonValue": {},
     "ResultBudgetNote": {
      "description": "What the dispatcher's last-resort cut left out: ``omitted`` maps a path to what was kept of it.",
      "properties": {
       "limit": {
        "type": "integer"
       },
       "full_chars": {
        "type": "integer"
       },
       "omitted": {
        "additionalProperties": {
         "type": "string"
        },
        "type": "object"
       },
       "how": {
        "type": "string"
       }
      },
      "required": [
       "limit",
       "full_chars",
       "omitted",
       "how"
      ],
      "type": "object"
     }
    },
    "properties": {
     "result_budget": {
      "$ref": "#/$defs/ResultBudgetNote"
     },
     "letter_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "letter_type": {
      "type": [
       "string",
       "null"
      ]
     },
     "complete": {
      "type": [
       "boolean",
       "null"
      ]
     },
     "missing_fields": {
      "items": {
       "$ref": "#/$defs/JsonValue"
      },
      "type": "array"
     },
     "problems": {
      "items": {
       "$ref": "#/$defs/JsonValue"
      },
      "type": "array"
     }
    },
    "required": [
     "letter_id",
     "letter_type",
     "complete",
     "missing_fields",
     "problems"
    ],
    "type": "object"
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
    "$defs": {
     "ApprovedLine": {
      "properties": {
       "approved_units": {
        "type": [
         "integer",
         "null"
        ]
       },
       "code": {
        "type": [
         "string",
         "null"
        ]
       },
       "line_number": {
        "type": [
         "integer",
         "null"
        ]
       }
      },
      "required": [
       "approved_units",
       "code",
       "line_number"
      ],
      "type": "object"
     },
     "Audit": {
      "properties": {
       "letter_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "letter_type": {
        "type": [
         "string",
         "null"
        ]
       },
       "complete": {
        "type": [
         "boolean",
         "null"
        ]
       },
       "missing_fields": {
        "items": {
         "$ref": "#/$defs/JsonValue"
        },
        "type": "array"
       },
       "problems": {
        "items": {
         "$ref": "#/$defs/JsonValue"
        },
        "type": "array"
       }
      },
      "required": [
       "letter_id",
       "letter_type",
       "complete",
       "missing_fields",
       "problems"
      ],
      "type": "object"
     },
     "DeniedLineReason": {
      "properties": {
       "line_number": {
        "type": [
         "integer",
         "null"
        ]
       },
       "reason": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "line_number",
       "reason"
      ],
      "type": "object"
     },
     "Fields": {
      "properties": {
       "case_reference": {
        "type": [
         "string",
         "null"
        ]
       },
       "letter_date": {
        "type": [
         "string",
         "null"
        ]
       },
       "member_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "member_name": {
        "type": [
         "string",
         "null"
        ]
       },
       "missing_items": {
        "items": {
         "type": [
          "string",
          "null"
         ]
        },
        "type": "array"
       },
       "plan_name": {
        "type": [
         "string",
         "null"
        ]
       },
       "response_due": {
        "type": [
         "string",
         "null"
        ]
       },
       "service_codes": {
        "items": {
         "type": [
          "string",
          "null"
         ]
        },
        "type": "array"
       },
       "service_description": {
        "type": [
         "string",
         "null"
        ]
       },
       "signer_credentials": {
        "type": [
         "string",
         "null"
        ]
       },
       "signer_name": {
        "type": [
         "string",
         "null"
        ]
       },
       "submission_instructions": {
        "type": [
         "string",
         "null"
        ]
       },
       "appeal_deadline_days": {
        "type": [
         "integer",
         "null"
        ]
       },
       "appeal_rights": {
        "type": [
         "string",
         "null"
        ]
       },
       "criteria_access": {
        "type": [
         "string",
         "null"
        ]
       },
       "criteria_not_met": {
        "items": {
         "type": [
          "string",
          "null"
         ]
        },
        "type": "array"
       },
       "external_review_rights": {
        "type": [
         "string",
         "null"
        ]
       },
       "peer_to_peer_offer": {
        "type": [
         "string",
         "null"
        ]
       },
       "policy_citations": {
        "items": {
         "type": [
          "string",
          "null"
         ]
        },
        "type": "array"
       },
       "approved_lines": {
        "items": {
         "anyOf": [
          {
           "$ref": "#/$defs/ApprovedLine"
          },
          {
           "type": "null"
          }
         ]
        },
        "type": "array"
       },
       "authorization_number": {
        "type": [
         "string",
         "null"
        ]
       },
       "valid_from": {
        "type": [
         "string",
         "null"
        ]
       },
       "valid_to": {
        "type": [
         "string",
         "null"
        ]
       },
       "denied_line_reasons": {
        "items": {
         "anyOf": [
          {
           "$ref": "#/$defs/DeniedLineReason"
          },
          {
           "type": "null"
          }
         ]
        },
        "type": "array"
       },
       "line_outcomes": {
        "items": {
         "anyOf": [
          {
           "$ref": "#/$defs/LineOutcome"
          },
          {
           "type": "null"
          }
         ]
        },
        "type": "array"
       }
      },
      "required": [
       "case_reference",
       "letter_date",
       "member_id",
       "member_name",
       "plan_name",
       "service_codes",
       "service_description",
       "signer_credentials",
       "signer_name"
      ],
      "type": "object"
     },
     "JsonValue": {},
     "LineOutcome": {
      "properties": {
       "approved_units": {
        "type": [
         "integer",
         "null"
        ]
       },
       "code": {
        "type": [
         "string",
         "null"
        ]
       },
       "line_number": {
        "type": [
         "integer",
         "null"
        ]
       },
       "outcome": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "approved_units",
       "code",
       "line_number",
       "outcome"
      ],
      "type": "object"
     },
     "ResultBudgetNote": {
      "description": "What the dispatcher's last-resort cut left out: ``omitted`` maps a path to what was kept of it.",
      "properties": {
       "limit": {
        "type": "integer"
       },
       "full_chars": {
        "type": "integer"
       },
       "omitted": {
        "additionalProperties": {
         "type": "string"
        },
        "type": "object"
       },
       "how": {
        "type": "string"
       }
      },
      "required": [
       "limit",
       "full_chars",
       "omitted",
       "how"
      ],
      "type": "object"
     }
    },
    "properties": {
     "result_budget": {
      "$ref": "#/$defs/ResultBudgetNote"
     },
     "id": {
      "type": [
       "string",
       "null"
      ]
     },
     "case_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "letter_type": {
      "type": [
       "string",
       "null"
      ]
     },
     "status": {
      "type": [
       "string",
       "null"
      ]
     },
     "determination_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "recipient": {
      "type": [
       "string",
       "null"
      ]
     },
     "subject": {
      "type": [
       "string",
       "null"
      ]
     },
     "body": {
      "type": [
       "string",
       "null"
      ]
     },
     "fields": {
      "anyOf": [
       {
        "$ref": "#/$defs/Fields"
       },
       {
        "type": "null"
       }
      ]
     },
     "policy_citations": {
      "items": {
       "type": [
        "string",
        "null"
       ]
      },
      "type": "array"
     },
     "signer_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "created_at": {
      "type": [
       "string",
       "null"
      ]
     },
     "delivered_at": {
      "type": [
       "string",
       "null"
      ]
     },
     "delivery_channel": {
      "type": [
       "string",
       "null"
      ]
     },
     "reissued_from": {
      "type": [
       "string",
       "null"
      ]
     },
     "audit": {
      "anyOf": [
       {
        "$ref": "#/$defs/Audit"
       },
       {
        "type": "null"
       }
      ]
     },
     "artifact_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "inbox_message_id": {
      "type": [
       "string",
       "null"
      ]
     }
    },
    "required": [
     "id",
     "case_id",
     "letter_type",
     "status",
     "determination_id",
     "recipient",
     "subject",
     "body",
     "fields",
     "policy_citations",
     "signer_id",
     "created_at",
     "delivered_at",
     "delivery_channel",
     "reissued_from",
     "audit",
     "artifact_id",
     "inbox_message_id"
    ],
    "type": "object"
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
    "$defs": {
     "ApprovedLine2": {
      "properties": {
       "line_number": {
        "type": [
         "integer",
         "null"
        ]
       },
       "code": {
        "type": [
         "string",
         "null"
        ]
       },
       "approved_units": {
        "type": [
         "integer",
         "null"
        ]
       }
      },
      "required": [
       "line_number",
       "code",
       "approved_units"
      ],
      "type": "object"
     },
     "Audit": {
      "properties": {
       "letter_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "letter_type": {
        "type": [
         "string",
         "null"
        ]
       },
       "complete": {
        "type": [
         "boolean",
         "null"
        ]
       },
       "missing_fields": {
        "items": {
         "$ref": "#/$defs/JsonValue"
        },
        "type": "array"
       },
       "problems": {
        "items": {
         "$ref": "#/$defs/JsonValue"
        },
        "type": "array"
       }
      },
      "required": [
       "letter_id",
       "letter_type",
       "complete",
       "missing_fields",
       "problems"
      ],
      "type": "object"
     },
     "Fields2": {
      "properties": {
       "member_name": {
        "type": [
         "string",
         "null"
        ]
       },
       "member_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "case_reference": {
        "type": [
         "string",
         "null"
        ]
       },
       "service_description": {
        "type": [
         "string",
         "null"
        ]
       },
       "service_codes": {
        "items": {
         "type": [
          "string",
          "null"
         ]
        },
        "type": "array"
       },
       "plan_name": {
        "type": [
         "string",
         "null"
        ]
       },
       "letter_date": {
        "type": [
         "string",
         "null"
        ]
       },
       "signer_name": {
        "type": [
         "string",
         "null"
        ]
       },
       "signer_credentials": {
        "type": [
         "string",
         "null"
        ]
       },
       "authorization_number": {
        "type": [
         "string",
         "null"
        ]
       },
       "approved_lines": {
        "items": {
         "anyOf": [
          {
           "$ref": "#/$defs/ApprovedLine2"
          },
          {
           "type": "null"
          }
         ]
        },
        "type": "array"
       },
       "valid_from": {
        "type": [
         "string",
         "null"
        ]
       },
       "valid_to": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "member_name",
       "member_id",
       "case_reference",
       "service_description",
       "service_codes",
       "plan_name",
       "letter_date",
       "signer_name",
       "signer_credentials",
       "authorization_number",
       "approved_lines",
       "valid_from",
       "valid_to"
      ],
      "type": "object"
     },
     "JsonValue": {},
     "ResultBudgetNote": {
      "description": "What the dispatcher's last-resort cut left out: ``omitted`` maps a path to what was kept of it.",
      "properties": {
       "limit": {
        "type": "integer"
       },
       "full_chars": {
        "type": "integer"
       },
       "omitted": {
        "additionalProperties": {
         "type": "string"
        },
        "type": "object"
       },
       "how": {
        "type": "string"
       }
      },
      "required": [
       "limit",
       "full_chars",
       "omitted",
       "how"
      ],
      "type": "object"
     }
    },
    "properties": {
     "result_budget": {
      "$ref": "#/$defs/ResultBudgetNote"
     },
     "id": {
      "type": [
       "string",
       "null"
      ]
     },
     "case_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "letter_type": {
      "type": [
       "string",
       "null"
      ]
     },
     "status": {
      "type": [
       "string",
       "null"
      ]
     },
     "determination_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "recipient": {
      "type": [
       "string",
       "null"
      ]
     },
     "subject": {
      "type": [
       "string",
       "null"
      ]
     },
     "body": {
      "type": [
       "string",
       "null"
      ]
     },
     "fields": {
      "anyOf": [
       {
        "$ref": "#/$defs/Fields2"
       },
       {
        "type": "null"
       }
      ]
     },
     "policy_citations": {
      "items": {
       "$ref": "#/$defs/JsonValue"
      },
      "type": "array"
     },
     "signer_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "created_at": {
      "type": [
       "string",
       "null"
      ]
     },
     "delivered_at": {
      "$ref": "#/$defs/JsonValue"
     },
     "delivery_channel": {
      "$ref": "#/$defs/JsonValue"
     },
     "reissued_from": {
      "$ref": "#/$defs/JsonValue"
     },
     "audit": {
      "anyOf": [
       {
        "$ref": "#/$defs/Audit"
       },
       {
        "type": "null"
       }
      ]
     }
    },
    "required": [
     "id",
     "case_id",
     "letter_type",
     "status",
     "determination_id",
     "recipient",
     "subject",
     "body",
     "fields",
     "policy_citations",
     "signer_id",
     "created_at",
     "delivered_at",
     "delivery_channel",
     "reissued_from",
     "audit"
    ],
    "type": "object"
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
    "$defs": {
     "Audit2": {
      "properties": {
       "letter_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "letter_type": {
        "type": [
         "string",
         "null"
        ]
       },
       "complete": {
        "type": [
         "boolean",
         "null"
        ]
       },
       "missing_fields": {
        "items": {
         "type": [
          "string",
          "null"
         ]
        },
        "type": "array"
       },
       "problems": {
        "items": {
         "type": [
          "string",
          "null"
         ]
        },
        "type": "array"
       }
      },
      "required": [
       "letter_id",
       "letter_type",
       "complete",
       "missing_fields",
       "problems"
      ],
      "type": "object"
     },
     "Fields3": {
      "properties": {
       "member_name": {
        "type": [
         "string",
         "null"
        ]
       },
       "member_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "case_reference": {
        "type": [
         "string",
         "null"
        ]
       },
       "service_description": {
        "type": [
         "string",
         "null"
        ]
       },
       "service_codes": {
        "items": {
         "type": [
          "string",
          "null"
         ]
        },
        "type": "array"
       },
       "plan_name": {
        "type": [
         "string",
         "null"
        ]
       },
       "letter_date": {
        "type": [
         "string",
         "null"
        ]
       },
       "signer_name": {
        "type": [
         "string",
         "null"
        ]
       },
       "signer_credentials": {
        "type": [
         "string",
         "null"
        ]
       },
       "criteria_not_met": {
        "items": {
         "type": [
          "string",
          "null"
         ]
        },
        "type": "array"
       },
       "policy_citations": {
        "items": {
         "type": [
          "string",
          "null"
         ]
        },
        "type": "array"
       },
       "appeal_rights": {
        "type": [
         "string",
         "null"
        ]
       },
       "appeal_deadline_days": {
        "type": [
         "integer",
         "null"
        ]
       },
       "external_review_rights": {
        "type": [
         "string",
         "null"
        ]
       },
       "peer_to_peer_offer": {
        "type": [
         "string",
         "null"
        ]
       },
       "criteria_access": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "member_name",
       "member_id",
       "case_reference",
       "service_description",
       "service_codes",
       "plan_name",
       "letter_date",
       "signer_name",
       "signer_credentials",
       "criteria_not_met",
       "policy_citations"
      ],
      "type": "object"
     },
     "JsonValue": {},
     "ResultBudgetNote": {
      "description": "What the dispatcher's last-resort cut left out: ``omitted`` maps a path to what was kept of it.",
      "properties": {
       "limit": {
        "type": "integer"
       },
       "full_chars": {
        "type": "integer"
       },
       "omitted": {
        "additionalProperties": {
         "type": "string"
        },
        "type": "object"
       },
       "how": {
        "type": "string"
       }
      },
      "required": [
       "limit",
       "full_chars",
       "omitted",
       "how"
      ],
      "type": "object"
     }
    },
    "properties": {
     "result_budget": {
      "$ref": "#/$defs/ResultBudgetNote"
     },
     "id": {
      "type": [
       "string",
       "null"
      ]
     },
     "case_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "letter_type": {
      "type": [
       "string",
       "null"
      ]
     },
     "status": {
      "type": [
       "string",
       "null"
      ]
     },
     "determination_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "recipient": {
      "type": [
       "string",
       "null"
      ]
     },
     "subject": {
      "type": [
       "string",
       "null"
      ]
     },
     "body": {
      "type": [
       "string",
       "null"
      ]
     },
     "fields": {
      "anyOf": [
       {
        "$ref": "#/$defs/Fields3"
       },
       {
        "type": "null"
       }
      ]
     },
     "policy_citations": {
      "items": {
       "type": [
        "string",
        "null"
       ]
      },
      "type": "array"
     },
     "signer_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "created_at": {
      "type": [
       "string",
       "null"
      ]
     },
     "delivered_at": {
      "$ref": "#/$defs/JsonValue"
     },
     "delivery_channel": {
      "$ref": "#/$defs/JsonValue"
     },
     "reissued_from": {
      "$ref": "#/$defs/JsonValue"
     },
     "audit": {
      "anyOf": [
       {
        "$ref": "#/$defs/Audit2"
       },
       {
        "type": "null"
       }
      ]
     }
    },
    "required": [
     "id",
     "case_id",
     "letter_type",
     "status",
     "determination_id",
     "recipient",
     "subject",
     "body",
     "fields",
     "policy_citations",
     "signer_id",
     "created_at",
     "delivered_at",
     "delivery_channel",
     "reissued_from",
     "audit"
    ],
    "type": "object"
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
    "$defs": {
     "ResultBudgetNote": {
      "description": "What the dispatcher's last-resort cut left out: ``omitted`` maps a path to what was kept of it.",
      "properties": {
       "limit": {
        "type": "integer"
       },
       "full_chars": {
        "type": "integer"
       },
       "omitted": {
        "additionalProperties": {
         "type": "string"
        },
        "type": "object"
       },
       "how": {
        "type": "string"
       }
      },
      "required": [
       "limit",
       "full_chars",
       "omitted",
       "how"
      ],
      "type": "object"
     }
    },
    "properties": {
     "result_budget": {
      "$ref": "#/$defs/ResultBudgetNote"
     },
     "id": {
      "type": [
       "string",
       "null"
      ]
     },
     "case_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "patient_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "notification_type": {
      "type": [
       "string",
       "null"
      ]
     },
     "body": {
      "type": [
       "string",
       "null"
      ]
     },
     "language": {
      "type": [
       "string",
       "null"
      ]
     },
     "channel": {
      "type": [
       "string",
       "null"
      ]
     },
     "created_by": {
      "type": [
       "string",
       "null"
      ]
     },
     "created_at": {
      "type": [
       "string",
       "null"
      ]
     }
    },
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
    ],
    "type": "object"
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
    "$defs": {
     "Audit": {
      "properties": {
       "letter_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "letter_type": {
        "type": [
         "string",
         "null"
        ]
       },
       "complete": {
        "type": [
         "boolean",
         "null"
        ]
       },
       "missing_fields": {
        "items": {
         "$ref": "#/$defs/JsonValue"
        },
        "type": "array"
       },
       "problems": {
        "items": {
         "$ref": "#/$defs/JsonValue"
        },
        "type": "array"
       }
      },
      "required": [
       "letter_id",
       "letter_type",
       "complete",
       "missing_fields",
       "problems"
      ],
      "type": "object"
     },
     "DeniedLineReason": {
      "properties": {
       "line_number": {
        "type": [
         "integer",
         "null"
        ]
       },
       "reason": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "line_number",
       "reason"
      ],
      "type": "object"
     },
     "Fields4": {
      "properties": {
       "member_name": {
        "type": [
         "string",
         "null"
        ]
       },
       "member_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "case_reference": {
        "type": [
         "string",
         "null"
        ]
       },
       "service_description": {
        "type": [
         "string",
         "null"
        ]
       },
       "service_codes": {
        "items": {
         "type": [
          "string",
          "null"
         ]
        },
        "type": "array"
       },
       "plan_name": {
        "type": [
         "string",
         "null"
        ]
       },
       "letter_date": {
        "type": [
         "string",
         "null"
        ]
       },
       "signer_name": {
        "type": [
         "string",
         "null"
        ]
       },
       "signer_credentials": {
        "type": [
         "string",
         "null"
        ]
       },
       "authorization_number": {
        "type": [
         "string",
         "null"
        ]
       },
       "line_outcomes": {
        "items": {
         "anyOf": [
          {
           "$ref": "#/$defs/LineOutcome2"
          },
          {
           "type": "null"
          }
         ]
        },
        "type": "array"
       },
       "denied_line_reasons": {
        "items": {
         "anyOf": [
          {
           "$ref": "#/$defs/DeniedLineReason"
          },
          {
           "type": "null"
          }
         ]
        },
        "type": "array"
       },
       "appeal_rights": {
        "type": [
         "string",
         "null"
        ]
       },
       "policy_citations": {
        "items": {
         "type": [
          "string",
          "null"
         ]
        },
        "type": "array"
       }
      },
      "required": [
       "member_name",
       "member_id",
       "case_reference",
       "service_description",
       "service_codes",
       "plan_name",
       "letter_date",
       "signer_name",
       "signer_credentials",
       "authorization_number",
       "line_outcomes",
       "denied_line_reasons",
       "appeal_rights",
       "policy_citations"
      ],
      "type": "object"
     },
     "JsonValue": {},
     "LineOutcome2": {
      "properties": {
       "line_number": {
        "type": [
         "integer",
         "null"
        ]
       },
       "code": {
        "type": [
         "string",
         "null"
        ]
       },
       "outcome": {
        "type": [
         "string",
         "null"
        ]
       },
       "approved_units": {
        "type": [
         "integer",
         "null"
        ]
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
     "ResultBudgetNote": {
      "description": "What the dispatcher's last-resort cut left out: ``omitted`` maps a path to what was kept of it.",
      "properties": {
       "limit": {
        "type": "integer"
       },
       "full_chars": {
        "type": "integer"
       },
       "omitted": {
        "additionalProperties": {
         "type": "string"
        },
        "type": "object"
       },
       "how": {
        "type": "string"
       }
      },
      "required": [
       "limit",
       "full_chars",
       "omitted",
       "how"
      ],
      "type": "object"
     }
    },
    "properties": {
     "result_budget": {
      "$ref": "#/$defs/ResultBudgetNote"
     },
     "id": {
      "type": [
       "string",
       "null"
      ]
     },
     "case_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "letter_type": {
      "type": [
       "string",
       "null"
      ]
     },
     "status": {
      "type": [
       "string",
       "null"
      ]
     },
     "determination_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "recipient": {
      "type": [
       "string",
       "null"
      ]
     },
     "subject": {
      "type": [
       "string",
       "null"
      ]
     },
     "body": {
      "type": [
       "string",
       "null"
      ]
     },
     "fields": {
      "anyOf": [
       {
        "$ref": "#/$defs/Fields4"
       },
       {
        "type": "null"
       }
      ]
     },
     "policy_citations": {
      "items": {
       "type": [
        "string",
        "null"
       ]
      },
      "type": "array"
     },
     "signer_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "created_at": {
      "type": [
       "string",
       "null"
      ]
     },
     "delivered_at": {
      "$ref": "#/$defs/JsonValue"
     },
     "delivery_channel": {
      "$ref": "#/$defs/JsonValue"
     },
     "reissued_from": {
      "$ref": "#/$defs/JsonValue"
     },
     "audit": {
      "anyOf": [
       {
        "$ref": "#/$defs/Audit"
       },
       {
        "type": "null"
       }
      ]
     }
    },
    "required": [
     "id",
     "case_id",
     "letter_type",
     "status",
     "determination_id",
     "recipient",
     "subject",
     "body",
     "fields",
     "policy_citations",
     "signer_id",
     "created_at",
     "delivered_at",
     "delivery_channel",
     "reissued_from",
     "audit"
    ],
    "type": "object"
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
    "$defs": {
     "Audit": {
      "properties": {
       "letter_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "letter_type": {
        "type": [
         "string",
         "null"
        ]
       },
       "complete": {
        "type": [
         "boolean",
         "null"
        ]
       },
       "missing_fields": {
        "items": {
         "$ref": "#/$defs/JsonValue"
        },
        "type": "array"
       },
       "problems": {
        "items": {
         "$ref": "#/$defs/JsonValue"
        },
        "type": "array"
       }
      },
      "required": [
       "letter_id",
       "letter_type",
       "complete",
       "missing_fields",
       "problems"
      ],
      "type": "object"
     },
     "Fields5": {
      "properties": {
       "member_name": {
        "type": [
         "string",
         "null"
        ]
       },
       "member_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "case_reference": {
        "type": [
         "string",
         "null"
        ]
       },
       "service_description": {
        "type": [
         "string",
         "null"
        ]
       },
       "service_codes": {
        "items": {
         "type": [
          "string",
          "null"
         ]
        },
        "type": "array"
       },
       "plan_name": {
        "type": [
         "string",
         "null"
        ]
       },
       "letter_date": {
        "type": [
         "string",
         "null"
        ]
       },
       "signer_name": {
        "type": [
         "string",
         "null"
        ]
       },
       "signer_credentials": {
        "type": [
         "string",
         "null"
        ]
       },
       "missing_items": {
        "items": {
         "type": [
          "string",
          "null"
         ]
        },
        "type": "array"
       },
       "response_due": {
        "type": [
         "string",
         "null"
        ]
       },
       "submission_instructions": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "member_name",
       "member_id",
       "case_reference",
       "service_description",
       "service_codes",
       "plan_name",
       "letter_date",
       "signer_name",
       "signer_credentials",
       "missing_items",
       "response_due",
       "submission_instructions"
      ],
      "type": "object"
     },
     "JsonValue": {},
     "ResultBudgetNote": {
      "description": "What the dispatcher's last-resort cut left out: ``omitted`` maps a path to what was kept of it.",
      "properties": {
       "limit": {
        "type": "integer"
       },
       "full_chars": {
        "type": "integer"
       },
       "omitted": {
        "additionalProperties": {
         "type": "string"
        },
        "type": "object"
       },
       "how": {
        "type": "string"
       }
      },
      "required": [
       "limit",
       "full_chars",
       "omitted",
       "how"
      ],
      "type": "object"
     }
    },
    "properties": {
     "result_budget": {
      "$ref": "#/$defs/ResultBudgetNote"
     },
     "id": {
      "type": [
       "string",
       "null"
      ]
     },
     "case_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "letter_type": {
      "type": [
       "string",
       "null"
      ]
     },
     "status": {
      "type": [
       "string",
       "null"
      ]
     },
     "determination_id": {
      "$ref": "#/$defs/JsonValue"
     },
     "recipient": {
      "type": [
       "string",
       "null"
      ]
     },
     "subject": {
      "type": [
       "string",
       "null"
      ]
     },
     "body": {
      "type": [
       "string",
       "null"
      ]
     },
     "fields": {
      "anyOf": [
       {
        "$ref": "#/$defs/Fields5"
       },
       {
        "type": "null"
       }
      ]
     },
     "policy_citations": {
      "items": {
       "$ref": "#/$defs/JsonValue"
      },
      "type": "array"
     },
     "signer_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "created_at": {
      "type": [
       "string",
       "null"
      ]
     },
     "delivered_at": {
      "$ref": "#/$defs/JsonValue"
     },
     "delivery_channel": {
      "$ref": "#/$defs/JsonValue"
     },
     "reissued_from": {
      "$ref": "#/$defs/JsonValue"
     },
     "audit": {
      "anyOf": [
       {
        "$ref": "#/$defs/Audit"
       },
       {
        "type": "null"
       }
      ]
     }
    },
    "required": [
     "id",
     "case_id",
     "letter_type",
     "status",
     "determination_id",
     "recipient",
     "subject",
     "body",
     "fields",
     "policy_citations",
     "signer_id",
     "created_at",
     "delivered_at",
     "delivery_channel",
     "reissued_from",
     "audit"
    ],
    "type": "object"
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
    "$defs": {
     "ApprovedLine": {
      "properties": {
       "approved_units": {
        "type": [
         "integer",
         "null"
        ]
       },
       "code": {
        "type": [
         "string",
         "null"
        ]
       },
       "line_number": {
        "type": [
         "integer",
         "null"
        ]
       }
      },
      "required": [
       "approved_units",
       "code",
       "line_number"
      ],
      "type": "object"
     },
     "Audit3": {
      "properties": {
       "complete": {
        "type": [
         "boolean",
         "null"
        ]
       },
       "letter_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "letter_type": {
        "type": [
         "string",
         "null"
        ]
       },
       "missing_fields": {
        "items": {
         "$ref": "#/$defs/JsonValue"
        },
        "type": "array"
       },
       "problems": {
        "items": {
         "$ref": "#/$defs/JsonValue"
        },
        "type": "array"
       }
      },
      "required": [
       "complete",
       "letter_id",
       "letter_type",
       "missing_fields",
       "problems"
      ],
      "type": "object"
     },
     "Fields6": {
      "properties": {
       "approved_lines": {
        "items": {
         "anyOf": [
          {
           "$ref": "#/$defs/ApprovedLine"
          },
          {
           "type": "null"
          }
         ]
        },
        "type": "array"
       },
       "authorization_number": {
        "type": [
         "string",
         "null"
        ]
       },
       "case_reference": {
        "type": [
         "string",
         "null"
        ]
       },
       "letter_date": {
        "type": [
         "string",
         "null"
        ]
       },
       "member_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "member_name": {
        "type": [
         "string",
         "null"
        ]
       },
       "plan_name": {
        "type": [
         "string",
         "null"
        ]
       },
       "service_codes": {
        "items": {
         "type": [
          "string",
          "null"
         ]
        },
        "type": "array"
       },
       "service_description": {
        "type": [
         "string",
         "null"
        ]
       },
       "signer_credentials": {
        "type": [
         "string",
         "null"
        ]
       },
       "signer_name": {
        "type": [
         "string",
         "null"
        ]
       },
       "valid_from": {
        "type": [
         "string",
         "null"
        ]
       },
       "valid_to": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "approved_lines",
       "authorization_number",
       "case_reference",
       "letter_date",
       "member_id",
       "member_name",
       "plan_name",
       "service_codes",
       "service_description",
       "signer_credentials",
       "signer_name",
       "valid_from",
       "valid_to"
      ],
      "type": "object"
     },
     "JsonValue": {},
     "ResultBudgetNote": {
      "description": "What the dispatcher's last-resort cut left out: ``omitted`` maps a path to what was kept of it.",
      "properties": {
       "limit": {
        "type": "integer"
       },
       "full_chars": {
        "type": "integer"
       },
       "omitted": {
        "additionalProperties": {
         "type": "string"
        },
        "type": "object"
       },
       "how": {
        "type": "string"
       }
      },
      "required": [
       "limit",
       "full_chars",
       "omitted",
       "how"
      ],
      "type": "object"
     }
    },
    "properties": {
     "result_budget": {
      "$ref": "#/$defs/ResultBudgetNote"
     },
     "id": {
      "type": [
       "string",
       "null"
      ]
     },
     "case_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "letter_type": {
      "type": [
       "string",
       "null"
      ]
     },
     "status": {
      "type": [
       "string",
       "null"
      ]
     },
     "determination_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "recipient": {
      "type": [
       "string",
       "null"
      ]
     },
     "subject": {
      "type": [
       "string",
       "null"
      ]
     },
     "body": {
      "type": [
       "string",
       "null"
      ]
     },
     "fields": {
      "anyOf": [
       {
        "$ref": "#/$defs/Fields6"
       },
       {
        "type": "null"
       }
      ]
     },
     "policy_citations": {
      "items": {
       "$ref": "#/$defs/JsonValue"
      },
      "type": "array"
     },
     "signer_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "created_at": {
      "type": [
       "string",
       "null"
      ]
     },
     "delivered_at": {
      "type": [
       "string",
       "null"
      ]
     },
     "delivery_channel": {
      "type": [
       "string",
       "null"
      ]
     },
     "reissued_from": {
      "$ref": "#/$defs/JsonValue"
     },
     "audit": {
      "anyOf": [
       {
        "$ref": "#/$defs/Audit3"
       },
       {
        "type": "null"
       }
      ]
     }
    },
    "required": [
     "id",
     "case_id",
     "letter_type",
     "status",
     "determination_id",
     "recipient",
     "subject",
     "body",
     "fields",
     "policy_citations",
     "signer_id",
     "created_at",
     "delivered_at",
     "delivery_channel",
     "reissued_from",
     "audit"
    ],
    "type": "object"
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
    "$defs": {
     "ApprovedLine": {
      "properties": {
       "approved_units": {
        "type": [
         "integer",
         "null"
        ]
       },
       "code": {
        "type": [
         "string",
         "null"
        ]
       },
       "line_number": {
        "type": [
         "integer",
         "null"
        ]
       }
      },
      "required": [
       "approved_units",
       "code",
       "line_number"
      ],
      "type": "object"
     },
     "Audit3": {
      "properties": {
       "complete": {
        "type": [
         "boolean",
         "null"
        ]
       },
       "letter_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "letter_type": {
        "type": [
         "string",
         "null"
        ]
       },
       "missing_fields": {
        "items": {
         "$ref": "#/$defs/JsonValue"
        },
        "type": "array"
       },
       "problems": {
        "items": {
         "$ref": "#/$defs/JsonValue"
        },
        "type": "array"
       }
      },
      "required": [
       "complete",
       "letter_id",
       "letter_type",
       "missing_fields",
       "problems"
      ],
      "type": "object"
     },
     "Fields6": {
      "properties": {
       "approved_lines": {
        "items": {
         "anyOf": [
          {
           "$ref": "#/$defs/ApprovedLine"
          },
          {
           "type": "null"
          }
         ]
        },
        "type": "array"
       },
       "authorization_number": {
        "type": [
         "string",
         "null"
        ]
       },
       "case_reference": {
        "type": [
         "string",
         "null"
        ]
       },
       "letter_date": {
        "type": [
         "string",
         "null"
        ]
       },
       "member_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "member_name": {
        "type": [
         "string",
         "null"
        ]
       },
       "plan_name": {
        "type": [
         "string",
         "null"
        ]
       },
       "service_codes": {
        "items": {
         "type": [
          "string",
          "null"
         ]
        },
        "type": "array"
       },
       "service_description": {
        "type": [
         "string",
         "null"
        ]
       },
       "signer_credentials": {
        "type": [
         "string",
         "null"
        ]
       },
       "signer_name": {
        "type": [
         "string",
         "null"
        ]
       },
       "valid_from": {
        "type": [
         "string",
         "null"
        ]
       },
       "valid_to": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "approved_lines",
       "authorization_number",
       "case_reference",
       "letter_date",
       "member_id",
       "member_name",
       "plan_name",
       "service_codes",
       "service_description",
       "signer_credentials",
       "signer_name",
       "valid_from",
       "valid_to"
      ],
      "type": "object"
     },
     "JsonValue": {},
     "Letter": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "case_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "letter_type": {
        "type": [
         "string",
         "null"
        ]
       },
       "status": {
        "type": [
         "string",
         "null"
        ]
       },
       "determination_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "recipient": {
        "type": [
         "string",
         "null"
        ]
       },
       "subject": {
        "type": [
         "string",
         "null"
        ]
       },
       "body": {
        "type": [
         "string",
         "null"
        ]
       },
       "fields": {
        "anyOf": [
         {
          "$ref": "#/$defs/Fields6"
         },
         {
          "type": "null"
         }
        ]
       },
       "policy_citations": {
        "items": {
         "$ref": "#/$defs/JsonValue"
        },
        "type": "array"
       },
       "signer_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "created_at": {
        "type": [
         "string",
         "null"
        ]
       },
       "delivered_at": {
        "type": [
         "string",
         "null"
        ]
       },
       "delivery_channel": {
        "type": [
         "string",
         "null"
        ]
       },
       "reissued_from": {
        "$ref": "#/$defs/JsonValue"
       },
       "audit": {
        "anyOf": [
         {
          "$ref": "#/$defs/Audit3"
         },
         {
          "type": "null"
         }
        ]
       }
      },
      "required": [
       "id",
       "case_id",
       "letter_type",
       "status",
       "determination_id",
       "recipient",
       "subject",
       "body",
       "fields",
       "policy_citations",
       "signer_id",
       "created_at",
       "delivered_at",
       "delivery_channel",
       "reissued_from",
       "audit"
      ],
      "type": "object"
     },
     "ResultBudgetNote": {
      "description": "What the dispatcher's last-resort cut left out: ``omitted`` maps a path to what was kept of it.",
      "properties": {
       "limit": {
        "type": "integer"
       },
       "full_chars": {
        "type": "integer"
       },
       "omitted": {
        "additionalProperties": {
         "type": "string"
        },
        "type": "object"
       },
       "how": {
        "type": "string"
       }
      },
      "required": [
       "limit",
       "full_chars",
       "omitted",
       "how"
      ],
      "type": "object"
     }
    },
    "properties": {
     "result_budget": {
      "$ref": "#/$defs/ResultBudgetNote"
     },
     "total": {
      "type": "integer"
     },
     "offset": {
      "type": "integer"
     },
     "limit": {
      "type": "integer"
     },
     "next_offset": {
      "type": [
       "integer",
       "null"
      ]
     },
     "page_note": {
      "type": "string"
     },
     "letters": {
      "items": {
       "anyOf": [
        {
         "$ref": "#/$defs/Letter"
        },
        {
         "type": "null"
        }
       ]
      },
      "type": "array"
     }
    },
    "required": [
     "total",
     "offset",
     "limit",
     "next_offset",
     "letters"
    ],
    "type": "object"
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
    "$defs": {
     "ApprovedLine": {
      "properties": {
       "approved_units": {
        "type": [
         "integer",
         "null"
        ]
       },
       "code": {
        "type": [
         "string",
         "null"
        ]
       },
       "line_number": {
        "type": [
         "integer",
         "null"
        ]
       }
      },
      "required": [
       "approved_units",
       "code",
       "line_number"
      ],
      "type": "object"
     },
     "Audit": {
      "properties": {
       "letter_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "letter_type": {
        "type": [
         "string",
         "null"
        ]
       },
       "complete": {
        "type": [
         "boolean",
         "null"
        ]
       },
       "missing_fields": {
        "items": {
         "$ref": "#/$defs/JsonValue"
        },
        "type": "array"
       },
       "problems": {
        "items": {
         "$ref": "#/$defs/JsonValue"
        },
        "type": "array"
       }
      },
      "required": [
       "letter_id",
       "letter_type",
       "complete",
       "missing_fields",
       "problems"
      ],
      "type": "object"
     },
     "Fields7": {
      "properties": {
       "approved_lines": {
        "items": {
         "anyOf": [
          {
           "$ref": "#/$defs/ApprovedLine"
          },
          {
           "type": "null"
          }
         ]
        },
        "type": "array"
       },
       "authorization_number": {
        "type": [
         "string",
         "null"
        ]
       },
       "case_reference": {
        "type": [
         "string",
         "null"
        ]
       },
       "letter_date": {
        "type": [
         "string",
         "null"
        ]
       },
       "member_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "member_name": {
        "type": [
         "string",
         "null"
        ]
       },
       "plan_name": {
        "type": [
         "string",
         "null"
        ]
       },
       "service_codes": {
        "items": {
         "type": [
          "string",
          "null"
         ]
        },
        "type": "array"
       },
       "service_description": {
        "type": [
         "string",
         "null"
        ]
       },
       "signer_credentials": {
        "type": [
         "string",
         "null"
        ]
       },
       "signer_name": {
        "type": [
         "string",
         "null"
        ]
       },
       "valid_from": {
        "type": [
         "string",
         "null"
        ]
       },
       "valid_to": {
        "type": [
         "string",
         "null"
        ]
       },
       "criteria_not_met": {
        "items": {
         "type": [
          "string",
          "null"
         ]
        },
        "type": "array"
       },
       "policy_citations": {
        "items": {
         "type": [
          "string",
          "null"
         ]
        },
        "type": "array"
       },
       "appeal_rights": {
        "type": [
         "string",
         "null"
        ]
       },
       "appeal_deadline_days": {
        "type": [
         "integer",
         "null"
        ]
       },
       "external_review_rights": {
        "type": [
         "string",
         "null"
        ]
       },
       "peer_to_peer_offer": {
        "type": [
         "string",
         "null"
        ]
       },
       "criteria_access": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "case_reference",
       "letter_date",
       "member_id",
       "member_name",
       "plan_name",
       "service_codes",
       "service_description",
       "signer_credentials",
       "signer_name"
      ],
      "type": "object"
     },
     "JsonValue": {},
     "ResultBudgetNote": {
      "description": "What the dispatcher's last-resort cut left out: ``omitted`` maps a path to what was kept of it.",
      "properties": {
       "limit": {
        "type": "integer"
       },
       "full_chars": {
        "type": "integer"
       },
       "omitted": {
        "additionalProperties": {
         "type": "string"
        },
        "type": "object"
       },
       "how": {
        "type": "string"
       }
      },
      "required": [
       "limit",
       "full_chars",
       "omitted",
       "how"
      ],
      "type": "object"
     }
    },
    "properties": {
     "result_budget": {
      "$ref": "#/$defs/ResultBudgetNote"
     },
     "id": {
      "type": [
       "string",
       "null"
      ]
     },
     "case_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "letter_type": {
      "type": [
       "string",
       "null"
      ]
     },
     "status": {
      "type": [
       "string",
       "null"
      ]
     },
     "determination_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "recipient": {
      "type": [
       "string",
       "null"
      ]
     },
     "subject": {
      "type": [
       "string",
       "null"
      ]
     },
     "body": {
      "type": [
       "string",
       "null"
      ]
     },
     "fields": {
      "anyOf": [
       {
        "$ref": "#/$defs/Fields7"
       },
       {
        "type": "null"
       }
      ]
     },
     "policy_citations": {
      "items": {
       "type": [
        "string",
        "null"
       ]
      },
      "type": "array"
     },
     "signer_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "created_at": {
      "type": [
       "string",
       "null"
      ]
     },
     "delivered_at": {
      "$ref": "#/$defs/JsonValue"
     },
     "delivery_channel": {
      "$ref": "#/$defs/JsonValue"
     },
     "reissued_from": {
      "type": [
       "string",
       "null"
      ]
     },
     "audit": {
      "anyOf": [
       {
        "$ref": "#/$defs/Audit"
       },
       {
        "type": "null"
       }
      ]
     }
    },
    "required": [
     "id",
     "case_id",
     "letter_type",
     "status",
     "determination_id",
     "recipient",
     "subject",
     "body",
     "fields",
     "policy_citations",
     "signer_id",
     "created_at",
     "delivered_at",
     "delivery_channel",
     "reissued_from",
     "audit"
    ],
    "type": "object"
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
    "$defs": {
     "Case3": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "patient_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "order_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "coverage_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "plan_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "requesting_worker_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "status": {
        "type": [
         "string",
         "null"
        ]
       },
       "urgency": {
        "type": [
         "string",
         "null"
        ]
       },
       "site_of_service": {
        "type": [
         "string",
         "null"
        ]
       },
       "diagnosis_codes": {
        "items": {
         "type": [
          "string",
          "null"
         ]
        },
        "type": "array"
       },
       "requested_start": {
        "type": [
         "string",
         "null"
        ]
       },
       "created_by": {
        "type": [
         "string",
         "null"
        ]
       },
       "created_at": {
        "type": [
         "string",
         "null"
        ]
       },
       "updated_at": {
        "type": [
         "string",
         "null"
        ]
       },
       "submission_channel": {
        "type": [
         "string",
         "null"
        ]
       },
       "submitted_at": {
        "type": [
         "string",
         "null"
        ]
       },
       "authorization_number": {
        "$ref": "#/$defs/JsonValue"
       },
       "auth_valid_from": {
        "$ref": "#/$defs/JsonValue"
       },
       "auth_valid_to": {
        "$ref": "#/$defs/JsonValue"
       },
       "outcome_reason": {
        "$ref": "#/$defs/JsonValue"
       },
       "pend_due_at": {
        "$ref": "#/$defs/JsonValue"
       },
       "closed_reason": {
        "$ref": "#/$defs/JsonValue"
       },
       "requesting_worker": {
        "anyOf": [
         {
          "$ref": "#/$defs/RequestingWorker"
         },
         {
          "type": "null"
         }
        ]
       },
       "lines": {
        "items": {
         "anyOf": [
          {
           "$ref": "#/$defs/Line3"
          },
          {
           "type": "null"
          }
         ]
        },
        "type": "array"
       }
      },
      "required": [
       "id",
       "patient_id",
       "order_id",
       "coverage_id",
       "plan_id",
       "requesting_worker_id",
       "status",
       "urgency",
       "site_of_service",
       "diagnosis_codes",
       "requested_start",
       "created_by",
       "created_at",
       "updated_at",
       "submission_channel",
       "submitted_at",
       "authorization_number",
       "auth_valid_from",
       "auth_valid_to",
       "outcome_reason",
       "pend_due_at",
       "closed_reason",
       "requesting_worker",
       "lines"
      ],
      "type": "object"
     },
     "Coverage": {
      "properties": {
       "status": {
        "type": [
         "string",
         "null"
        ]
       },
       "effective_date": {
        "type": [
         "string",
         "null"
        ]
       },
       "termination_date": {
        "$ref": "#/$defs/JsonValue"
       },
       "group_number": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "status",
       "effective_date",
       "termination_date",
       "group_number"
      ],
      "type": "object"
     },
     "CriteriaItem": {
      "properties": {
       "criterion_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "text": {
        "type": [
         "string",
         "null"
        ]
       },
       "citation": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "criterion_id",
       "text",
       "citation"
      ],
      "type": "object"
     },
     "Diagnos": {
      "properties": {
       "code": {
        "type": [
         "string",
         "null"
        ]
       },
       "display": {
        "type": [
         "string",
         "null"
        ]
       },
       "is_primary": {
        "type": [
         "boolean",
         "null"
        ]
       }
      },
      "required": [
       "code",
       "display",
       "is_primary"
      ],
      "type": "object"
     },
     "Document2": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "kind": {
        "type": [
         "string",
         "null"
        ]
       },
       "title": {
        "type": [
         "string",
         "null"
        ]
       },
       "date": {
        "type": [
         "string",
         "null"
        ]
       },
       "author": {
        "anyOf": [
         {
          "$ref": "#/$defs/RequestingWorker"
         },
         {
          "type": "null"
         }
        ]
       },
       "signed": {
        "type": [
         "boolean",
         "null"
        ]
       },
       "origin": {
        "type": [
         "string",
         "null"
        ]
       },
       "received_at": {
        "type": [
         "string",
         "null"
        ]
       },
       "body_chars": {
        "type": [
         "integer",
         "null"
        ]
       },
       "signed_by": {
        "anyOf": [
         {
          "$ref": "#/$defs/RequestingWorker"
         },
         {
          "type": "null"
         }
        ]
       },
       "copied_from": {
        "type": [
         "string",
         "null"
        ]
       },
       "body": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "id",
       "kind",
       "title",
       "date",
       "author",
       "signed",
       "origin",
       "received_at"
      ],
      "type": "object"
     },
     "EvidenceItem": {
      "properties": {
       "document_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "quote": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "document_id",
       "quote"
      ],
      "type": "object"
     },
     "Intake": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "case_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "packet_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "status": {
        "type": [
         "string",
         "null"
        ]
       },
       "auth_type": {
        "type": [
         "string",
         "null"
        ]
       },
       "received_at": {
        "type": [
         "string",
         "null"
        ]
       },
       "channel": {
        "type": [
         "string",
         "null"
        ]
       },
       "urgency_level": {
        "type": [
         "string",
         "null"
        ]
       },
       "urgency_requested_by": {
        "type": [
         "string",
         "null"
        ]
       },
       "request_date": {
        "type": [
         "string",
         "null"
        ]
       },
       "service_start": {
        "type": [
         "string",
         "null"
        ]
       },
       "service_end": {
        "$ref": "#/$defs/JsonValue"
       },
       "place_of_service": {
        "type": [
         "string",
         "null"
        ]
       },
       "member_state": {
        "type": [
         "string",
         "null"
        ]
       },
       "member_eligibility_verified": {
        "type": [
         "boolean",
         "null"
        ]
       },
       "continuity_of_care": {
        "$ref": "#/$defs/JsonValue"
       },
       "diagnosis_type": {
        "$ref": "#/$defs/JsonValue"
       },
       "diagnoses": {
        "items": {
         "anyOf": [
          {
           "$ref": "#/$defs/Diagnos"
          },
          {
           "type": "null"
          }
         ]
        },
        "type": "array"
       },
       "requesting_provider": {
        "anyOf": [
         {
          "$ref": "#/$defs/RequestingProvider3"
         },
         {
          "type": "null"
         }
        ]
       },
       "decision_request_complete": {
        "type": [
         "boolean",
         "null"
        ]
       },
       "decision_member_eligible": {
        "type": [
         "boolean",
         "null"
        ]
       },
       "decision_service_covered": {
        "type": [
         "boolean",
         "null"
        ]
       },
       "decision_provider_network_status": {
        "type": [
         "string",
         "null"
        ]
       },
       "missing_information": {
        "items": {
         "$ref": "#/$defs/JsonValue"
        },
        "type": "array"
       },
       "completed_by": {
        "type": [
         "string",
         "null"
        ]
       },
       "completed_at": {
        "type": [
         "string",
         "null"
        ]
       },
       "updated_at": {
        "type": [
         "string",
         "null"
        ]
       },
       "line_items": {
        "items": {
         "anyOf": [
          {
           "$ref": "#/$defs/LineItem2"
          },
          {
           "type": "null"
          }
         ]
        },
        "type": "array"
       }
      },
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
       "requesting_provider",
       "decision_request_complete",
       "decision_member_eligible",
       "decision_service_covered",
       "decision_provider_network_status",
       "missing_information",
       "completed_by",
       "completed_at",
       "updated_at",
       "line_items"
      ],
      "type": "object"
     },
     "JsonValue": {},
     "Line2": {
      "properties": {
       "line_number": {
        "type": [
         "integer",
         "null"
        ]
       },
       "system": {
        "type": [
         "string",
         "null"
        ]
       },
       "code": {
        "type": [
         "string",
         "null"
        ]
       },
       "display": {
        "type": [
         "string",
         "null"
        ]
       },
       "units": {
        "type": [
         "integer",
         "null"
        ]
       },
       "modifier": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "line_number",
       "system",
       "code",
       "display",
       "units",
       "modifier"
      ],
      "type": "object"
     },
     "Line3": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "case_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "line_number": {
        "type": [
         "integer",
         "null"
        ]
       },
       "system": {
        "type": [
         "string",
         "null"
        ]
       },
       "code": {
        "type": [
         "string",
         "null"
        ]
       },
       "display": {
        "type": [
         "string",
         "null"
        ]
       },
       "units": {
        "type": [
         "integer",
         "null"
        ]
       },
       "modifier": {
        "type": [
         "string",
         "null"
        ]
       },
       "outcome": {
        "$ref": "#/$defs/JsonValue"
       },
       "approved_units": {
        "$ref": "#/$defs/JsonValue"
       }
      },
      "required": [
       "id",
       "case_id",
       "line_number",
       "system",
       "code",
       "display",
       "units",
       "modifier",
       "outcome",
       "approved_units"
      ],
      "type": "object"
     },
     "LineItem2": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "intake_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "line_number": {
        "type": [
         "integer",
         "null"
        ]
       },
       "system": {
        "type": [
         "string",
         "null"
        ]
       },
       "code": {
        "type": [
         "string",
         "null"
        ]
       },
       "display": {
        "type": [
         "string",
         "null"
        ]
       },
       "units": {
        "type": [
         "integer",
         "null"
        ]
       },
       "modifier": {
        "type": [
         "string",
         "null"
        ]
       },
       "place_of_service": {
        "type": [
         "string",
         "null"
        ]
       },
       "service_start": {
        "type": [
         "string",
         "null"
        ]
       },
       "service_end": {
        "$ref": "#/$defs/JsonValue"
       }
      },
      "required": [
       "id",
       "intake_id",
       "line_number",
       "system",
       "code",
       "display",
       "units",
       "modifier",
       "place_of_service",
       "service_start",
       "service_end"
      ],
      "type": "object"
     },
     "MdDecision2": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "case_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "decision": {
        "type": [
         "string",
         "null"
        ]
       },
       "rationale": {
        "type": [
         "string",
         "null"
        ]
       },
       "denial_rationale": {
        "$ref": "#/$defs/JsonValue"
       },
       "policy_citations": {
        "items": {
         "type": [
          "string",
          "null"
         ]
        },
        "type": "array"
       },
       "line_decisions": {
        "items": {
         "$ref": "#/$defs/JsonValue"
        },
        "type": "array"
       },
       "info_requested": {
        "items": {
         "$ref": "#/$defs/JsonValue"
        },
        "type": "array"
       },
       "info_due": {
        "$ref": "#/$defs/JsonValue"
       },
       "signed_off": {
        "type": [
         "boolean",
         "null"
        ]
       },
       "reviewer_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "decided_at": {
        "type": [
         "string",
         "null"
        ]
       },
       "superseded_by": {
        "$ref": "#/$defs/JsonValue"
       }
      },
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
       "superseded_by"
      ],
      "type": "object"
     },
     "Member": {
      "properties": {
       "patient_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "name": {
        "type": [
         "string",
         "null"
        ]
       },
       "birth_date": {
        "type": [
         "string",
         "null"
        ]
       },
       "sex": {
        "type": [
         "string",
         "null"
        ]
       },
       "state": {
        "type": [
         "string",
         "null"
        ]
       },
       "preferred_language": {
        "type": [
         "string",
         "null"
        ]
       },
       "member_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "coverage": {
        "anyOf": [
         {
          "$ref": "#/$defs/Coverage"
         },
         {
          "type": "null"
         }
        ]
       },
       "plan": {
        "anyOf": [
         {
          "$ref": "#/$defs/Plan"
         },
         {
          "type": "null"
         }
        ]
       }
      },
      "required": [
       "patient_id",
       "name",
       "birth_date",
       "sex",
       "state",
       "preferred_language",
       "member_id",
       "coverage",
       "plan"
      ],
      "type": "object"
     },
     "MoreEntry": {
      "description": "A list section cut to fit the result budget: entries returned, entries in all, where to continue.",
      "properties": {
       "returned": {
        "type": "integer"
       },
       "total": {
        "type": "integer"
       },
       "next_offset": {
        "type": "integer"
       }
      },
      "required": [
       "returned",
       "total",
       "next_offset"
      ],
      "type": "object"
     },
     "NurseEvaluation": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "case_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "stage": {
        "type": [
         "string",
         "null"
        ]
       },
       "line_number": {
        "type": [
         "integer",
         "null"
        ]
       },
       "criterion_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "citation": {
        "type": [
         "string",
         "null"
        ]
       },
       "result": {
        "type": [
         "string",
         "null"
        ]
       },
       "evidence": {
        "items": {
         "anyOf": [
          {
           "$ref": "#/$defs/EvidenceItem"
          },
          {
           "type": "null"
          }
         ]
        },
        "type": "array"
       },
       "note": {
        "type": [
         "string",
         "null"
        ]
       },
       "reviewer_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "updated_at": {
        "type": [
         "string",
         "null"
        ]
       }
      },
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
      ],
      "type": "object"
     },
     "NurseRecommendation2": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "case_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "recommendation": {
        "type": [
         "string",
         "null"
        ]
       },
       "clinical_summary": {
        "type": [
         "string",
         "null"
        ]
       },
       "info_requested": {
        "items": {
         "$ref": "#/$defs/JsonValue"
        },
        "type": "array"
       },
       "info_due": {
        "$ref": "#/$defs/JsonValue"
       },
       "reviewer_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "submitted_at": {
        "type": [
         "string",
         "null"
        ]
       },
       "criteria_met": {
        "type": [
         "integer",
         "null"
        ]
       },
       "criteria_total": {
        "type": [
         "integer",
         "null"
        ]
       }
      },
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
       "criteria_total"
      ],
      "type": "object"
     },
     "Plan": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "name": {
        "type": [
         "string",
         "null"
        ]
       },
       "line_of_business": {
        "type": [
         "string",
         "null"
        ]
       },
       "product": {
        "type": [
         "string",
         "null"
        ]
       },
       "state": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "id",
       "name",
       "line_of_business",
       "product",
       "state"
      ],
      "type": "object"
     },
     "Policy": {
      "properties": {
       "handbook_policy_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "service_category": {
        "type": [
         "string",
         "null"
        ]
       },
       "criteria": {
        "items": {
         "anyOf": [
          {
           "$ref": "#/$defs/CriteriaItem"
          },
          {
           "type": "null"
          }
         ]
        },
        "type": "array"
       }
      },
      "required": [
       "handbook_policy_id",
       "service_category",
       "criteria"
      ],
      "type": "object"
     },
     "RequestingProvider3": {
      "properties": {
       "address": {
        "type": [
         "string",
         "null"
        ]
       },
       "fax": {
        "type": [
         "string",
         "null"
        ]
       },
       "name": {
        "type": [
         "string",
         "null"
        ]
       },
       "npi": {
        "type": [
         "string",
         "null"
        ]
       },
       "org_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "org_name": {
        "type": [
         "string",
         "null"
        ]
       },
       "org_npi": {
        "type": [
         "string",
         "null"
        ]
       },
       "phone": {
        "type": [
         "string",
         "null"
        ]
       },
       "specialty": {
        "type": [
         "string",
         "null"
        ]
       },
       "tin": {
        "type": [
         "string",
         "null"
        ]
       },
       "worker_id": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "address",
       "fax",
       "name",
       "npi",
       "org_id",
       "org_name",
       "org_npi",
       "phone",
       "specialty",
       "tin",
       "worker_id"
      ],
      "type": "object"
     },
     "RequestingWorker": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "name": {
        "type": [
         "string",
         "null"
        ]
       },
       "role": {
        "type": [
         "string",
         "null"
        ]
       },
       "credentials": {
        "type": [
         "string",
         "null"
        ]
       },
       "npi": {
        "type": [
         "string",
         "null"
        ]
       },
       "org_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "specialty": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "id",
       "name",
       "role",
       "credentials",
       "npi",
       "org_id",
       "specialty"
      ],
      "type": "object"
     },
     "ResultBudgetNote": {
      "description": "What the dispatcher's last-resort cut left out: ``omitted`` maps a path to what was kept of it.",
      "properties": {
       "limit": {
        "type": "integer"
       },
       "full_chars": {
        "type": "integer"
       },
       "omitted": {
        "additionalProperties": {
         "type": "string"
        },
        "type": "object"
       },
       "how": {
        "type": "string"
       }
      },
      "required": [
       "limit",
       "full_chars",
       "omitted",
       "how"
      ],
      "type": "object"
     },
     "ReviewTask": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "case_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "queue": {
        "type": [
         "string",
         "null"
        ]
       },
       "required_role": {
        "type": [
         "string",
         "null"
        ]
       },
       "status": {
        "type": [
         "string",
         "null"
        ]
       },
       "assigned_to": {
        "type": [
         "string",
         "null"
        ]
       },
       "created_at": {
        "type": [
         "string",
         "null"
        ]
       },
       "due_at": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "id",
       "case_id",
       "queue",
       "required_role",
       "status",
       "assigned_to",
       "created_at",
       "due_at"
      ],
      "type": "object"
     },
     "RoutingItem": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "case_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "lane": {
        "type": [
         "string",
         "null"
        ]
       },
       "reason": {
        "type": [
         "string",
         "null"
        ]
       },
       "routed_by": {
        "type": [
         "string",
         "null"
        ]
       },
       "routed_at": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "id",
       "case_id",
       "lane",
       "reason",
       "routed_by",
       "routed_at"
      ],
      "type": "object"
     },
     "Triage": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "case_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "intake_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "urgency_level": {
        "type": [
         "string",
         "null"
        ]
       },
       "received_at": {
        "type": [
         "string",
         "null"
        ]
       },
       "state": {
        "type": [
         "string",
         "null"
        ]
       },
       "sla_hours": {
        "type": [
         "integer",
         "null"
        ]
       },
       "sla_deadline": {
        "type": [
         "string",
         "null"
        ]
       },
       "sla_rule_source": {
        "type": [
         "string",
         "null"
        ]
       },
       "gold_card_checked": {
        "type": [
         "boolean",
         "null"
        ]
       },
       "gold_card_eligible": {
        "type": [
         "boolean",
         "null"
        ]
       },
       "disposition": {
        "type": [
         "string",
         "null"
        ]
       },
       "disposition_reason": {
        "type": [
         "string",
         "null"
        ]
       },
       "decided_by": {
        "type": [
         "string",
         "null"
        ]
       },
       "decided_at": {
        "type": [
         "string",
         "null"
        ]
       }
      },
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
      ],
      "type": "object"
     }
    },
    "properties": {
     "result_budget": {
      "$ref": "#/$defs/ResultBudgetNote"
     },
     "more": {
      "additionalProperties": {
       "$ref": "#/$defs/MoreEntry"
      },
      "type": "object"
     },
     "more_hint": {
      "type": "string"
     },
     "section": {
      "type": "string"
     },
     "total": {
      "type": "integer"
     },
     "offset": {
      "type": "integer"
     },
     "limit": {
      "type": "integer"
     },
     "next_offset": {
      "type": [
       "integer",
       "null"
      ]
     },
     "page_note": {
      "type": "string"
     },
     "case": {
      "anyOf": [
       {
        "$ref": "#/$defs/Case3"
       },
       {
        "type": "null"
       }
      ]
     },
     "member": {
      "anyOf": [
       {
        "$ref": "#/$defs/Member"
       },
       {
        "type": "null"
       }
      ]
     },
     "intake": {
      "anyOf": [
       {
        "$ref": "#/$defs/Intake"
       },
       {
        "type": "null"
       }
      ]
     },
     "triage": {
      "anyOf": [
       {
        "$ref": "#/$defs/Triage"
       },
       {
        "type": "null"
       }
      ]
     },
     "routing": {
      "items": {
       "anyOf": [
        {
         "$ref": "#/$defs/RoutingItem"
        },
        {
         "type": "null"
        }
       ]
      },
      "type": "array"
     },
     "review_tasks": {
      "items": {
       "anyOf": [
        {
         "$ref": "#/$defs/ReviewTask"
        },
        {
         "type": "null"
        }
       ]
      },
      "type": "array"
     },
     "lines": {
      "items": {
       "anyOf": [
        {
         "$ref": "#/$defs/Line2"
        },
        {
         "type": "null"
        }
       ]
      },
      "type": "array"
     },
     "policy": {
      "anyOf": [
       {
        "$ref": "#/$defs/Policy"
       },
       {
        "type": "null"
       }
      ]
     },
     "documents": {
      "items": {
       "anyOf": [
        {
         "$ref": "#/$defs/Document2"
        },
        {
         "type": "null"
        }
       ]
      },
      "type": "array"
     },
     "nurse_evaluations": {
      "items": {
       "anyOf": [
        {
         "$ref": "#/$defs/NurseEvaluation"
        },
        {
         "type": "null"
        }
       ]
      },
      "type": "array"
     },
     "nurse_recommendation": {
      "anyOf": [
       {
        "$ref": "#/$defs/NurseRecommendation2"
       },
       {
        "type": "null"
       }
      ]
     },
     "md_evaluations": {
      "items": {
       "$ref": "#/$defs/JsonValue"
      },
      "type": "array"
     },
     "md_decisions": {
      "items": {
       "anyOf": [
        {
         "$ref": "#/$defs/MdDecision2"
        },
        {
         "type": "null"
        }
       ]
      },
      "type": "array"
     },
     "p2p_requests": {
      "items": {
       "$ref": "#/$defs/JsonValue"
      },
      "type": "array"
     },
     "documents_hint": {
      "type": [
       "string",
       "null"
      ]
     },
     "case_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "case_status": {
      "type": [
       "string",
       "null"
      ]
     }
    },
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
    "$defs": {
     "Case3": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "patient_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "order_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "coverage_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "plan_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "requesting_worker_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "status": {
        "type": [
         "string",
         "null"
        ]
       },
       "urgency": {
        "type": [
         "string",
         "null"
        ]
       },
       "site_of_service": {
        "type": [
         "string",
         "null"
        ]
       },
       "diagnosis_codes": {
        "items": {
         "type": [
          "string",
          "null"
         ]
        },
        "type": "array"
       },
       "requested_start": {
        "type": [
         "string",
         "null"
        ]
       },
       "created_by": {
        "type": [
         "string",
         "null"
        ]
       },
       "created_at": {
        "type": [
         "string",
         "null"
        ]
       },
       "updated_at": {
        "type": [
         "string",
         "null"
        ]
       },
       "submission_channel": {
        "type": [
         "string",
         "null"
        ]
       },
       "submitted_at": {
        "type": [
         "string",
         "null"
        ]
       },
       "authorization_number": {
        "$ref": "#/$defs/JsonValue"
       },
       "auth_valid_from": {
        "$ref": "#/$defs/JsonValue"
       },
       "auth_valid_to": {
        "$ref": "#/$defs/JsonValue"
       },
       "outcome_reason": {
        "$ref": "#/$defs/JsonValue"
       },
       "pend_due_at": {
        "$ref": "#/$defs/JsonValue"
       },
       "closed_reason": {
        "$ref": "#/$defs/JsonValue"
       },
       "requesting_worker": {
        "anyOf": [
         {
          "$ref": "#/$defs/RequestingWorker"
         },
         {
          "type": "null"
         }
        ]
       },
       "lines": {
        "items": {
         "anyOf": [
          {
           "$ref": "#/$defs/Line3"
          },
          {
           "type": "null"
          }
         ]
        },
        "type": "array"
       }
      },
      "required": [
       "id",
       "patient_id",
       "order_id",
       "coverage_id",
       "plan_id",
       "requesting_worker_id",
       "status",
       "urgency",
       "site_of_service",
       "diagnosis_codes",
       "requested_start",
       "created_by",
       "created_at",
       "updated_at",
       "submission_channel",
       "submitted_at",
       "authorization_number",
       "auth_valid_from",
       "auth_valid_to",
       "outcome_reason",
       "pend_due_at",
       "closed_reason",
       "requesting_worker",
       "lines"
      ],
      "type": "object"
     },
     "Coverage": {
      "properties": {
       "status": {
        "type": [
         "string",
         "null"
        ]
       },
       "effective_date": {
        "type": [
         "string",
         "null"
        ]
       },
       "termination_date": {
        "$ref": "#/$defs/JsonValue"
       },
       "group_number": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "status",
       "effective_date",
       "termination_date",
       "group_number"
      ],
      "type": "object"
     },
     "CriteriaItem": {
      "properties": {
       "criterion_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "text": {
        "type": [
         "string",
         "null"
        ]
       },
       "citation": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "criterion_id",
       "text",
       "citation"
      ],
      "type": "object"
     },
     "Diagnos": {
      "properties": {
       "code": {
        "type": [
         "string",
         "null"
        ]
       },
       "display": {
        "type": [
         "string",
         "null"
        ]
       },
       "is_primary": {
        "type": [
         "boolean",
         "null"
        ]
       }
      },
      "required": [
       "code",
       "display",
       "is_primary"
      ],
      "type": "object"
     },
     "Document2": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "kind": {
        "type": [
         "string",
         "null"
        ]
       },
       "title": {
        "type": [
         "string",
         "null"
        ]
       },
       "date": {
        "type": [
         "string",
         "null"
        ]
       },
       "author": {
        "anyOf": [
         {
          "$ref": "#/$defs/RequestingWorker"
         },
         {
          "type": "null"
         }
        ]
       },
       "signed": {
        "type": [
         "boolean",
         "null"
        ]
       },
       "origin": {
        "type": [
         "string",
         "null"
        ]
       },
       "received_at": {
        "type": [
         "string",
         "null"
        ]
       },
       "body_chars": {
        "type": [
         "integer",
         "null"
        ]
       },
       "signed_by": {
        "anyOf": [
         {
          "$ref": "#/$defs/RequestingWorker"
         },
         {
          "type": "null"
         }
        ]
       },
       "copied_from": {
        "type": [
         "string",
         "null"
        ]
       },
       "body": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "id",
       "kind",
       "title",
       "date",
       "author",
       "signed",
       "origin",
       "received_at"
      ],
      "type": "object"
     },
     "EvidenceItem": {
      "properties": {
       "document_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "quote": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "document_id",
       "quote"
      ],
      "type": "object"
     },
     "Intake": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "case_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "packet_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "status": {
        "type": [
         "string",
         "null"
        ]
       },
       "auth_type": {
        "type": [
         "string",
         "null"
        ]
       },
       "received_at": {
        "type": [
         "string",
         "null"
        ]
       },
       "channel": {
        "type": [
         "string",
         "null"
        ]
       },
       "urgency_level": {
        "type": [
         "string",
         "null"
        ]
       },
       "urgency_requested_by": {
        "type": [
         "string",
         "null"
        ]
       },
       "request_date": {
        "type": [
         "string",
         "null"
        ]
       },
       "service_start": {
        "type": [
         "string",
         "null"
        ]
       },
       "service_end": {
        "$ref": "#/$defs/JsonValue"
       },
       "place_of_service": {
        "type": [
         "string",
         "null"
        ]
       },
       "member_state": {
        "type": [
         "string",
         "null"
        ]
       },
       "member_eligibility_verified": {
        "type": [
         "boolean",
         "null"
        ]
       },
       "continuity_of_care": {
        "$ref": "#/$defs/JsonValue"
       },
       "diagnosis_type": {
        "$ref": "#/$defs/JsonValue"
       },
       "diagnoses": {
        "items": {
         "anyOf": [
          {
           "$ref": "#/$defs/Diagnos"
          },
          {
           "type": "null"
          }
         ]
        },
        "type": "array"
       },
       "requesting_provider": {
        "anyOf": [
         {
          "$ref": "#/$defs/RequestingProvider3"
         },
         {
          "type": "null"
         }
        ]
       },
       "decision_request_complete": {
        "type": [
         "boolean",
         "null"
        ]
       },
       "decision_member_eligible": {
        "type": [
         "boolean",
         "null"
        ]
       },
       "decision_service_covered": {
        "type": [
         "boolean",
         "null"
        ]
       },
       "decision_provider_network_status": {
        "type": [
         "string",
         "null"
        ]
       },
       "missing_information": {
        "items": {
         "$ref": "#/$defs/JsonValue"
        },
        "type": "array"
       },
       "completed_by": {
        "type": [
         "string",
         "null"
        ]
       },
       "completed_at": {
        "type": [
         "string",
         "null"
        ]
       },
       "updated_at": {
        "type": [
         "string",
         "null"
        ]
       },
       "line_items": {
        "items": {
         "anyOf": [
          {
           "$ref": "#/$defs/LineItem2"
          },
          {
           "type": "null"
          }
         ]
        },
        "type": "array"
       }
      },
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
       "requesting_provider",
       "decision_request_complete",
       "decision_member_eligible",
       "decision_service_covered",
       "decision_provider_network_status",
       "missing_information",
       "completed_by",
       "completed_at",
       "updated_at",
       "line_items"
      ],
      "type": "object"
     },
     "JsonValue": {},
     "Line2": {
      "properties": {
       "line_number": {
        "type": [
         "integer",
         "null"
        ]
       },
       "system": {
        "type": [
         "string",
         "null"
        ]
       },
       "code": {
        "type": [
         "string",
         "null"
        ]
       },
       "display": {
        "type": [
         "string",
         "null"
        ]
       },
       "units": {
        "type": [
         "integer",
         "null"
        ]
       },
       "modifier": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "line_number",
       "system",
       "code",
       "display",
       "units",
       "modifier"
      ],
      "type": "object"
     },
     "Line3": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "case_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "line_number": {
        "type": [
         "integer",
         "null"
        ]
       },
       "system": {
        "type": [
         "string",
         "null"
        ]
       },
       "code": {
        "type": [
         "string",
         "null"
        ]
       },
       "display": {
        "type": [
         "string",
         "null"
        ]
       },
       "units": {
        "type": [
         "integer",
         "null"
        ]
       },
       "modifier": {
        "type": [
         "string",
         "null"
        ]
       },
       "outcome": {
        "$ref": "#/$defs/JsonValue"
       },
       "approved_units": {
        "$ref": "#/$defs/JsonValue"
       }
      },
      "required": [
       "id",
       "case_id",
       "line_number",
       "system",
       "code",
       "display",
       "units",
       "modifier",
       "outcome",
       "approved_units"
      ],
      "type": "object"
     },
     "LineItem2": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "intake_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "line_number": {
        "type": [
         "integer",
         "null"
        ]
       },
       "system": {
        "type": [
         "string",
         "null"
        ]
       },
       "code": {
        "type": [
         "string",
         "null"
        ]
       },
       "display": {
        "type": [
         "string",
         "null"
        ]
       },
       "units": {
        "type": [
         "integer",
         "null"
        ]
       },
       "modifier": {
        "type": [
         "string",
         "null"
        ]
       },
       "place_of_service": {
        "type": [
         "string",
         "null"
        ]
       },
       "service_start": {
        "type": [
         "string",
         "null"
        ]
       },
       "service_end": {
        "$ref": "#/$defs/JsonValue"
       }
      },
      "required": [
       "id",
       "intake_id",
       "line_number",
       "system",
       "code",
       "display",
       "units",
       "modifier",
       "place_of_service",
       "service_start",
       "service_end"
      ],
      "type": "object"
     },
     "Member": {
      "properties": {
       "patient_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "name": {
        "type": [
         "string",
         "null"
        ]
       },
       "birth_date": {
        "type": [
         "string",
         "null"
        ]
       },
       "sex": {
        "type": [
         "string",
         "null"
        ]
       },
       "state": {
        "type": [
         "string",
         "null"
        ]
       },
       "preferred_language": {
        "type": [
         "string",
         "null"
        ]
       },
       "member_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "coverage": {
        "anyOf": [
         {
          "$ref": "#/$defs/Coverage"
         },
         {
          "type": "null"
         }
        ]
       },
       "plan": {
        "anyOf": [
         {
          "$ref": "#/$defs/Plan"
         },
         {
          "type": "null"
         }
        ]
       }
      },
      "required": [
       "patient_id",
       "name",
       "birth_date",
       "sex",
       "state",
       "preferred_language",
       "member_id",
       "coverage",
       "plan"
      ],
      "type": "object"
     },
     "MoreEntry": {
      "description": "A list section cut to fit the result budget: entries returned, entries in all, where to continue.",
      "properties": {
       "returned": {
        "type": "integer"
       },
       "total": {
        "type": "integer"
       },
       "next_offset": {
        "type": "integer"
       }
      },
      "required": [
       "returned",
       "total",
       "next_offset"
      ],
      "type": "object"
     },
     "NurseEvaluation": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "case_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "stage": {
        "type": [
         "string",
         "null"
        ]
       },
       "line_number": {
        "type": [
         "integer",
         "null"
        ]
       },
       "criterion_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "citation": {
        "type": [
         "string",
         "null"
        ]
       },
       "result": {
        "type": [
         "string",
         "null"
        ]
       },
       "evidence": {
        "items": {
         "anyOf": [
          {
           "$ref": "#/$defs/EvidenceItem"
          },
          {
           "type": "null"
          }
         ]
        },
        "type": "array"
       },
       "note": {
        "type": [
         "string",
         "null"
        ]
       },
       "reviewer_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "updated_at": {
        "type": [
         "string",
         "null"
        ]
       }
      },
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
      ],
      "type": "object"
     },
     "NurseRecommendation2": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "case_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "recommendation": {
        "type": [
         "string",
         "null"
        ]
       },
       "clinical_summary": {
        "type": [
         "string",
         "null"
        ]
       },
       "info_requested": {
        "items": {
         "$ref": "#/$defs/JsonValue"
        },
        "type": "array"
       },
       "info_due": {
        "$ref": "#/$defs/JsonValue"
       },
       "reviewer_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "submitted_at": {
        "type": [
         "string",
         "null"
        ]
       },
       "criteria_met": {
        "type": [
         "integer",
         "null"
        ]
       },
       "criteria_total": {
        "type": [
         "integer",
         "null"
        ]
       }
      },
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
       "criteria_total"
      ],
      "type": "object"
     },
     "Plan": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "name": {
        "type": [
         "string",
         "null"
        ]
       },
       "line_of_business": {
        "type": [
         "string",
         "null"
        ]
       },
       "product": {
        "type": [
         "string",
         "null"
        ]
       },
       "state": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "id",
       "name",
       "line_of_business",
       "product",
       "state"
      ],
      "type": "object"
     },
     "Policy": {
      "properties": {
       "handbook_policy_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "service_category": {
        "type": [
         "string",
         "null"
        ]
       },
       "criteria": {
        "items": {
         "anyOf": [
          {
           "$ref": "#/$defs/CriteriaItem"
          },
          {
           "type": "null"
          }
         ]
        },
        "type": "array"
       }
      },
      "required": [
       "handbook_policy_id",
       "service_category",
       "criteria"
      ],
      "type": "object"
     },
     "RequestingProvider3": {
      "properties": {
       "address": {
        "type": [
         "string",
         "null"
        ]
       },
       "fax": {
        "type": [
         "string",
         "null"
        ]
       },
       "name": {
        "type": [
         "string",
         "null"
        ]
       },
       "npi": {
        "type": [
         "string",
         "null"
        ]
       },
       "org_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "org_name": {
        "type": [
         "string",
         "null"
        ]
       },
       "org_npi": {
        "type": [
         "string",
         "null"
        ]
       },
       "phone": {
        "type": [
         "string",
         "null"
        ]
       },
       "specialty": {
        "type": [
         "string",
         "null"
        ]
       },
       "tin": {
        "type": [
         "string",
         "null"
        ]
       },
       "worker_id": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "address",
       "fax",
       "name",
       "npi",
       "org_id",
       "org_name",
       "org_npi",
       "phone",
       "specialty",
       "tin",
       "worker_id"
      ],
      "type": "object"
     },
     "RequestingWorker": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "name": {
        "type": [
         "string",
         "null"
        ]
       },
       "role": {
        "type": [
         "string",
         "null"
        ]
       },
       "credentials": {
        "type": [
         "string",
         "null"
        ]
       },
       "npi": {
        "type": [
         "string",
         "null"
        ]
       },
       "org_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "specialty": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "id",
       "name",
       "role",
       "credentials",
       "npi",
       "org_id",
       "specialty"
      ],
      "type": "object"
     },
     "ResultBudgetNote": {
      "description": "What the dispatcher's last-resort cut left out: ``omitted`` maps a path to what was kept of it.",
      "properties": {
       "limit": {
        "type": "integer"
       },
       "full_chars": {
        "type": "integer"
       },
       "omitted": {
        "additionalProperties": {
         "type": "string"
        },
        "type": "object"
       },
       "how": {
        "type": "string"
       }
      },
      "required": [
       "limit",
       "full_chars",
       "omitted",
       "how"
      ],
      "type": "object"
     },
     "ReviewTask": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "case_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "queue": {
        "type": [
         "string",
         "null"
        ]
       },
       "required_role": {
        "type": [
         "string",
         "null"
        ]
       },
       "status": {
        "type": [
         "string",
         "null"
        ]
       },
       "assigned_to": {
        "type": [
         "string",
         "null"
        ]
       },
       "created_at": {
        "type": [
         "string",
         "null"
        ]
       },
       "due_at": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "id",
       "case_id",
       "queue",
       "required_role",
       "status",
       "assigned_to",
       "created_at",
       "due_at"
      ],
      "type": "object"
     },
     "RoutingItem": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "case_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "lane": {
        "type": [
         "string",
         "null"
        ]
       },
       "reason": {
        "type": [
         "string",
         "null"
        ]
       },
       "routed_by": {
        "type": [
         "string",
         "null"
        ]
       },
       "routed_at": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "id",
       "case_id",
       "lane",
       "reason",
       "routed_by",
       "routed_at"
      ],
      "type": "object"
     },
     "Triage": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "case_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "intake_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "urgency_level": {
        "type": [
         "string",
         "null"
        ]
       },
       "received_at": {
        "type": [
         "string",
         "null"
        ]
       },
       "state": {
        "type": [
         "string",
         "null"
        ]
       },
       "sla_hours": {
        "type": [
         "integer",
         "null"
        ]
       },
       "sla_deadline": {
        "type": [
         "string",
         "null"
        ]
       },
       "sla_rule_source": {
        "type": [
         "string",
         "null"
        ]
       },
       "gold_card_checked": {
        "type": [
         "boolean",
         "null"
        ]
       },
       "gold_card_eligible": {
        "type": [
         "boolean",
         "null"
        ]
       },
       "disposition": {
        "type": [
         "string",
         "null"
        ]
       },
       "disposition_reason": {
        "type": [
         "string",
         "null"
        ]
       },
       "decided_by": {
        "type": [
         "string",
         "null"
        ]
       },
       "decided_at": {
        "type": [
         "string",
         "null"
        ]
       }
      },
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
      ],
      "type": "object"
     }
    },
    "properties": {
     "result_budget": {
      "$ref": "#/$defs/ResultBudgetNote"
     },
     "more": {
      "additionalProperties": {
       "$ref": "#/$defs/MoreEntry"
      },
      "type": "object"
     },
     "more_hint": {
      "type": "string"
     },
     "section": {
      "type": "string"
     },
     "total": {
      "type": "integer"
     },
     "offset": {
      "type": "integer"
     },
     "limit": {
      "type": "integer"
     },
     "next_offset": {
      "type": [
       "integer",
       "null"
      ]
     },
     "page_note": {
      "type": "string"
     },
     "case": {
      "anyOf": [
       {
        "$ref": "#/$defs/Case3"
       },
       {
        "type": "null"
       }
      ]
     },
     "member": {
      "anyOf": [
       {
        "$ref": "#/$defs/Member"
       },
       {
        "type": "null"
       }
      ]
     },
     "intake": {
      "anyOf": [
       {
        "$ref": "#/$defs/Intake"
       },
       {
        "type": "null"
       }
      ]
     },
     "triage": {
      "anyOf": [
       {
        "$ref": "#/$defs/Triage"
       },
       {
        "type": "null"
       }
      ]
     },
     "routing": {
      "items": {
       "anyOf": [
        {
         "$ref": "#/$defs/RoutingItem"
        },
        {
         "type": "null"
        }
       ]
      },
      "type": "array"
     },
     "review_tasks": {
      "items": {
       "anyOf": [
        {
         "$ref": "#/$defs/ReviewTask"
        },
        {
         "type": "null"
        }
       ]
      },
      "type": "array"
     },
     "lines": {
      "items": {
       "anyOf": [
        {
         "$ref": "#/$defs/Line2"
        },
        {
         "type": "null"
        }
       ]
      },
      "type": "array"
     },
     "policy": {
      "anyOf": [
       {
        "$ref": "#/$defs/Policy"
       },
       {
        "type": "null"
       }
      ]
     },
     "documents": {
      "items": {
       "anyOf": [
        {
         "$ref": "#/$defs/Document2"
        },
        {
         "type": "null"
        }
       ]
      },
      "type": "array"
     },
     "evaluations": {
      "items": {
       "anyOf": [
        {
         "$ref": "#/$defs/NurseEvaluation"
        },
        {
         "type": "null"
        }
       ]
      },
      "type": "array"
     },
     "nurse_recommendation": {
      "anyOf": [
       {
        "$ref": "#/$defs/NurseRecommendation2"
       },
       {
        "type": "null"
       }
      ]
     },
     "documents_hint": {
      "type": [
       "string",
       "null"
      ]
     },
     "case_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "case_status": {
      "type": [
       "string",
       "null"
      ]
     }
    },
    "required": [
     "documents"
    ],
    "type": "object"
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
    "$defs": {
     "EvidenceItem": {
      "properties": {
       "document_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "quote": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "document_id",
       "quote"
      ],
      "type": "object"
     },
     "ResultBudgetNote": {
      "description": "What the dispatcher's last-resort cut left out: ``omitted`` maps a path to what was kept of it.",
      "properties": {
       "limit": {
        "type": "integer"
       },
       "full_chars": {
        "type": "integer"
       },
       "omitted": {
        "additionalProperties": {
         "type": "string"
        },
        "type": "object"
       },
       "how": {
        "type": "string"
       }
      },
      "required": [
       "limit",
       "full_chars",
       "omitted",
       "how"
      ],
      "type": "object"
     }
    },
    "properties": {
     "result_budget": {
      "$ref": "#/$defs/ResultBudgetNote"
     },
     "id": {
      "type": [
       "string",
       "null"
      ]
     },
     "case_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "stage": {
      "type": [
       "string",
       "null"
      ]
     },
     "line_number": {
      "type": [
       "integer",
       "null"
      ]
     },
     "criterion_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "citation": {
      "type": [
       "string",
       "null"
      ]
     },
     "result": {
      "type": [
       "string",
       "null"
      ]
     },
     "evidence": {
      "items": {
       "anyOf": [
        {
         "$ref": "#/$defs/EvidenceItem"
        },
        {
         "type": "null"
        }
       ]
      },
      "type": "array"
     },
     "note": {
      "type": [
       "string",
       "null"
      ]
     },
     "reviewer_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "updated_at": {
      "type": [
       "string",
       "null"
      ]
     }
    },
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
    ],
    "type": "object"
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
    "$defs": {
     "EvidenceItem": {
      "properties": {
       "document_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "quote": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "document_id",
       "quote"
      ],
      "type": "object"
     },
     "ResultBudgetNote": {
      "description": "What the dispatcher's last-resort cut left out: ``omitted`` maps a path to what was kept of it.",
      "properties": {
       "limit": {
        "type": "integer"
       },
       "full_chars": {
        "type": "integer"
       },
       "omitted": {
        "additionalProperties": {
         "type": "string"
        },
        "type": "object"
       },
       "how": {
        "type": "string"
       }
      },
      "required": [
       "limit",
       "full_chars",
       "omitted",
       "how"
      ],
      "type": "object"
     }
    },
    "properties": {
     "result_budget": {
      "$ref": "#/$defs/ResultBudgetNote"
     },
     "id": {
      "type": [
       "string",
       "null"
      ]
     },
     "case_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "stage": {
      "type": [
       "string",
       "null"
      ]
     },
     "line_number": {
      "type": [
       "integer",
       "null"
      ]
     },
     "criterion_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "citation": {
      "type": [
       "string",
       "null"
      ]
     },
     "result": {
      "type": [
       "string",
       "null"
      ]
     },
     "evidence": {
      "items": {
       "anyOf": [
        {
         "$ref": "#/$defs/EvidenceItem"
        },
        {
         "type": "null"
        }
       ]
      },
      "type": "array"
     },
     "note": {
      "type": [
       "string",
       "null"
      ]
     },
     "reviewer_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "updated_at": {
      "type": [
       "string",
       "null"
      ]
     }
    },
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
    ],
    "type": "object"
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
    "$defs": {
     "JsonValue": {},
     "LineDecision2": {
      "properties": {
       "line_number": {
        "type": [
         "integer",
         "null"
        ]
       },
       "decision": {
        "type": [
         "string",
         "null"
        ]
       },
       "approved_units": {
        "type": [
         "integer",
         "null"
        ]
       },
       "reason": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "line_number",
       "decision",
       "approved_units",
       "reason"
      ],
      "type": "object"
     },
     "ResultBudgetNote": {
      "description": "What the dispatcher's last-resort cut left out: ``omitted`` maps a path to what was kept of it.",
      "properties": {
       "limit": {
        "type": "integer"
       },
       "full_chars": {
        "type": "integer"
       },
       "omitted": {
        "additionalProperties": {
         "type": "string"
        },
        "type": "object"
       },
       "how": {
        "type": "string"
       }
      },
      "required": [
       "limit",
       "full_chars",
       "omitted",
       "how"
      ],
      "type": "object"
     }
    },
    "properties": {
     "result_budget": {
      "$ref": "#/$defs/ResultBudgetNote"
     },
     "id": {
      "type": [
       "string",
       "null"
      ]
     },
     "case_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "decision": {
      "type": [
       "string",
       "null"
      ]
     },
     "rationale": {
      "type": [
       "string",
       "null"
      ]
     },
     "denial_rationale": {
      "type": [
       "string",
       "null"
      ]
     },
     "policy_citations": {
      "items": {
       "type": [
        "string",
        "null"
       ]
      },
      "type": "array"
     },
     "line_decisions": {
      "items": {
       "anyOf": [
        {
         "$ref": "#/$defs/LineDecision2"
        },
        {
         "type": "null"
        }
       ]
      },
      "type": "array"
     },
     "info_requested": {
      "items": {
       "type": [
        "string",
        "null"
       ]
      },
      "type": "array"
     },
     "info_due": {
      "type": [
       "string",
       "null"
      ]
     },
     "signed_off": {
      "type": [
       "boolean",
       "null"
      ]
     },
     "reviewer_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "decided_at": {
      "type": [
       "string",
       "null"
      ]
     },
     "superseded_by": {
      "$ref": "#/$defs/JsonValue"
     },
     "p2p_request_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "preliminary_notice_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "case_status": {
      "type": [
       "string",
       "null"
      ]
     }
    },
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
    ],
    "type": "object"
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
    "$defs": {
     "ResultBudgetNote": {
      "description": "What the dispatcher's last-resort cut left out: ``omitted`` maps a path to what was kept of it.",
      "properties": {
       "limit": {
        "type": "integer"
       },
       "full_chars": {
        "type": "integer"
       },
       "omitted": {
        "additionalProperties": {
         "type": "string"
        },
        "type": "object"
       },
       "how": {
        "type": "string"
       }
      },
      "required": [
       "limit",
       "full_chars",
       "omitted",
       "how"
      ],
      "type": "object"
     }
    },
    "properties": {
     "result_budget": {
      "$ref": "#/$defs/ResultBudgetNote"
     },
     "id": {
      "type": [
       "string",
       "null"
      ]
     },
     "case_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "recommendation": {
      "type": [
       "string",
       "null"
      ]
     },
     "clinical_summary": {
      "type": [
       "string",
       "null"
      ]
     },
     "info_requested": {
      "items": {
       "type": [
        "string",
        "null"
       ]
      },
      "type": "array"
     },
     "info_due": {
      "type": [
       "string",
       "null"
      ]
     },
     "reviewer_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "submitted_at": {
      "type": [
       "string",
       "null"
      ]
     },
     "criteria_met": {
      "type": [
       "integer",
       "null"
      ]
     },
     "criteria_total": {
      "type": [
       "integer",
       "null"
      ]
     },
     "case_status": {
      "type": [
       "string",
       "null"
      ]
     }
    },
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
    ],
    "type": "object"
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
    "$defs": {
     "ResultBudgetNote": {
      "description": "What the dispatcher's last-resort cut left out: ``omitted`` maps a path to what was kept of it.",
      "properties": {
       "limit": {
        "type": "integer"
       },
       "full_chars": {
        "type": "integer"
       },
       "omitted": {
        "additionalProperties": {
         "type": "string"
        },
        "type": "object"
       },
       "how": {
        "type": "string"
       }
      },
      "required": [
       "limit",
       "full_chars",
       "omitted",
       "how"
      ],
      "type": "object"
     }
    },
    "properties": {
     "result_budget": {
      "$ref": "#/$defs/ResultBudgetNote"
     },
     "case_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "urgency_level": {
      "type": [
       "string",
       "null"
      ]
     },
     "state": {
      "type": [
       "string",
       "null"
      ]
     },
     "hours": {
      "type": [
       "integer",
       "null"
      ]
     },
     "received_at": {
      "type": [
       "string",
       "null"
      ]
     },
     "deadline": {
      "type": [
       "string",
       "null"
      ]
     },
     "rule_source": {
      "type": [
       "string",
       "null"
      ]
     }
    },
    "required": [
     "case_id",
     "urgency_level",
     "state",
     "hours",
     "received_at",
     "deadline",
     "rule_source"
    ],
    "type": "object"
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
    "$defs": {
     "ResultBudgetNote": {
      "description": "What the dispatcher's last-resort cut left out: ``omitted`` maps a path to what was kept of it.",
      "properties": {
       "limit": {
        "type": "integer"
       },
       "full_chars": {
        "type": "integer"
       },
       "omitted": {
        "additionalProperties": {
         "type": "string"
        },
        "type": "object"
       },
       "how": {
        "type": "string"
       }
      },
      "required": [
       "limit",
       "full_chars",
       "omitted",
       "how"
      ],
      "type": "object"
     }
    },
    "properties": {
     "result_budget": {
      "$ref": "#/$defs/ResultBudgetNote"
     },
     "case_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "eligible": {
      "type": [
       "boolean",
       "null"
      ]
     },
     "reason": {
      "type": [
       "string",
       "null"
      ]
     },
     "npi": {
      "type": [
       "string",
       "null"
      ]
     },
     "plan_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "service_category": {
      "type": [
       "string",
       "null"
      ]
     },
     "checked_on": {
      "type": [
       "string",
       "null"
      ]
     }
    },
    "required": [
     "case_id",
     "eligible",
     "reason",
     "npi",
     "plan_id",
     "service_category",
     "checked_on"
    ],
    "type": "object"
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
    "$defs": {
     "Case3": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "patient_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "order_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "coverage_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "plan_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "requesting_worker_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "status": {
        "type": [
         "string",
         "null"
        ]
       },
       "urgency": {
        "type": [
         "string",
         "null"
        ]
       },
       "site_of_service": {
        "type": [
         "string",
         "null"
        ]
       },
       "diagnosis_codes": {
        "items": {
         "type": [
          "string",
          "null"
         ]
        },
        "type": "array"
       },
       "requested_start": {
        "type": [
         "string",
         "null"
        ]
       },
       "created_by": {
        "type": [
         "string",
         "null"
        ]
       },
       "created_at": {
        "type": [
         "string",
         "null"
        ]
       },
       "updated_at": {
        "type": [
         "string",
         "null"
        ]
       },
       "submission_channel": {
        "type": [
         "string",
         "null"
        ]
       },
       "submitted_at": {
        "type": [
         "string",
         "null"
        ]
       },
       "authorization_number": {
        "$ref": "#/$defs/JsonValue"
       },
       "auth_valid_from": {
        "$ref": "#/$defs/JsonValue"
       },
       "auth_valid_to": {
        "$ref": "#/$defs/JsonValue"
       },
       "outcome_reason": {
        "$ref": "#/$defs/JsonValue"
       },
       "pend_due_at": {
        "$ref": "#/$defs/JsonValue"
       },
       "closed_reason": {
        "$ref": "#/$defs/JsonValue"
       },
       "requesting_worker": {
        "anyOf": [
         {
          "$ref": "#/$defs/RequestingWorker"
         },
         {
          "type": "null"
         }
        ]
       },
       "lines": {
        "items": {
         "anyOf": [
          {
           "$ref": "#/$defs/Line3"
          },
          {
           "type": "null"
          }
         ]
        },
        "type": "array"
       }
      },
      "required": [
       "id",
       "patient_id",
       "order_id",
       "coverage_id",
       "plan_id",
       "requesting_worker_id",
       "status",
       "urgency",
       "site_of_service",
       "diagnosis_codes",
       "requested_start",
       "created_by",
       "created_at",
       "updated_at",
       "submission_channel",
       "submitted_at",
       "authorization_number",
       "auth_valid_from",
       "auth_valid_to",
       "outcome_reason",
       "pend_due_at",
       "closed_reason",
       "requesting_worker",
       "lines"
      ],
      "type": "object"
     },
     "Diagnos": {
      "properties": {
       "code": {
        "type": [
         "string",
         "null"
        ]
       },
       "display": {
        "type": [
         "string",
         "null"
        ]
       },
       "is_primary": {
        "type": [
         "boolean",
         "null"
        ]
       }
      },
      "required": [
       "code",
       "display",
       "is_primary"
      ],
      "type": "object"
     },
     "Intake2": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "case_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "packet_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "status": {
        "type": [
         "string",
         "null"
        ]
       },
       "auth_type": {
        "type": [
         "string",
         "null"
        ]
       },
       "received_at": {
        "type": [
         "string",
         "null"
        ]
       },
       "channel": {
        "type": [
         "string",
         "null"
        ]
       },
       "urgency_level": {
        "type": [
         "string",
         "null"
        ]
       },
       "urgency_requested_by": {
        "type": [
         "string",
         "null"
        ]
       },
       "request_date": {
        "type": [
         "string",
         "null"
        ]
       },
       "service_start": {
        "type": [
         "string",
         "null"
        ]
       },
       "service_end": {
        "$ref": "#/$defs/JsonValue"
       },
       "place_of_service": {
        "type": [
         "string",
         "null"
        ]
       },
       "member_state": {
        "type": [
         "string",
         "null"
        ]
       },
       "member_eligibility_verified": {
        "type": [
         "boolean",
         "null"
        ]
       },
       "continuity_of_care": {
        "$ref": "#/$defs/JsonValue"
       },
       "diagnosis_type": {
        "type": [
         "string",
         "null"
        ]
       },
       "diagnoses": {
        "items": {
         "anyOf": [
          {
           "$ref": "#/$defs/Diagnos"
          },
          {
           "type": "null"
          }
         ]
        },
        "type": "array"
       },
       "requesting_provider": {
        "anyOf": [
         {
          "$ref": "#/$defs/RequestingProvider2"
         },
         {
          "type": "null"
         }
        ]
       },
       "decision_request_complete": {
        "type": [
         "boolean",
         "null"
        ]
       },
       "decision_member_eligible": {
        "type": [
         "boolean",
         "null"
        ]
       },
       "decision_service_covered": {
        "type": [
         "boolean",
         "null"
        ]
       },
       "decision_provider_network_status": {
        "type": [
         "string",
         "null"
        ]
       },
       "missing_information": {
        "items": {
         "$ref": "#/$defs/JsonValue"
        },
        "type": "array"
       },
       "completed_by": {
        "type": [
         "string",
         "null"
        ]
       },
       "completed_at": {
        "type": [
         "string",
         "null"
        ]
       },
       "updated_at": {
        "type": [
         "string",
         "null"
        ]
       },
       "line_items": {
        "items": {
         "anyOf": [
          {
           "$ref": "#/$defs/LineItem2"
          },
          {
           "type": "null"
          }
         ]
        },
        "type": "array"
       }
      },
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
       "requesting_provider",
       "decision_request_complete",
       "decision_member_eligible",
       "decision_service_covered",
       "decision_provider_network_status",
       "missing_information",
       "completed_by",
       "completed_at",
       "updated_at",
       "line_items"
      ],
      "type": "object"
     },
     "JsonValue": {},
     "Line3": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "case_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "line_number": {
        "type": [
         "integer",
         "null"
        ]
       },
       "system": {
        "type": [
         "string",
         "null"
        ]
       },
       "code": {
        "type": [
         "string",
         "null"
        ]
       },
       "display": {
        "type": [
         "string",
         "null"
        ]
       },
       "units": {
        "type": [
         "integer",
         "null"
        ]
       },
       "modifier": {
        "type": [
         "string",
         "null"
        ]
       },
       "outcome": {
        "$ref": "#/$defs/JsonValue"
       },
       "approved_units": {
        "$ref": "#/$defs/JsonValue"
       }
      },
      "required": [
       "id",
       "case_id",
       "line_number",
       "system",
       "code",
       "display",
       "units",
       "modifier",
       "outcome",
       "approved_units"
      ],
      "type": "object"
     },
     "LineItem2": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "intake_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "line_number": {
        "type": [
         "integer",
         "null"
        ]
       },
       "system": {
        "type": [
         "string",
         "null"
        ]
       },
       "code": {
        "type": [
         "string",
         "null"
        ]
       },
       "display": {
        "type": [
         "string",
         "null"
        ]
       },
       "units": {
        "type": [
         "integer",
         "null"
        ]
       },
       "modifier": {
        "type": [
         "string",
         "null"
        ]
       },
       "place_of_service": {
        "type": [
         "string",
         "null"
        ]
       },
       "service_start": {
        "type": [
         "string",
         "null"
        ]
       },
       "service_end": {
        "$ref": "#/$defs/JsonValue"
       }
      },
      "required": [
       "id",
       "intake_id",
       "line_number",
       "system",
       "code",
       "display",
       "units",
       "modifier",
       "place_of_service",
       "service_start",
       "service_end"
      ],
      "type": "object"
     },
     "MoreEntry": {
      "description": "A list section cut to fit the result budget: entries returned, entries in all, where to continue.",
      "properties": {
       "returned": {
        "type": "integer"
       },
       "total": {
        "type": "integer"
       },
       "next_offset": {
        "type": "integer"
       }
      },
      "required": [
       "returned",
       "total",
       "next_offset"
      ],
      "type": "object"
     },
     "RequestingProvider2": {
      "properties": {
       "address": {
        "type": [
         "string",
         "null"
        ]
       },
       "fax": {
        "type": [
         "string",
         "null"
        ]
       },
       "name": {
        "type": [
         "string",
         "null"
        ]
       },
       "npi": {
        "type": [
         "string",
         "null"
        ]
       },
       "org_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "org_name": {
        "type": [
         "string",
         "null"
        ]
       },
       "org_npi": {
        "type": [
         "string",
         "null"
        ]
       },
       "phone": {
        "type": [
         "string",
         "null"
        ]
       },
       "specialty": {
        "type": [
         "string",
         "null"
        ]
       },
       "tin": {
        "type": [
         "string",
         "null"
        ]
       },
       "worker_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "organization": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "fax",
       "name",
       "npi",
       "phone",
       "specialty"
      ],
      "type": "object"
     },
     "RequestingWorker": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "name": {
        "type": [
         "string",
         "null"
        ]
       },
       "role": {
        "type": [
         "string",
         "null"
        ]
       },
       "credentials": {
        "type": [
         "string",
         "null"
        ]
       },
       "npi": {
        "type": [
         "string",
         "null"
        ]
       },
       "org_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "specialty": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "id",
       "name",
       "role",
       "credentials",
       "npi",
       "org_id",
       "specialty"
      ],
      "type": "object"
     },
     "ResultBudgetNote": {
      "description": "What the dispatcher's last-resort cut left out: ``omitted`` maps a path to what was kept of it.",
      "properties": {
       "limit": {
        "type": "integer"
       },
       "full_chars": {
        "type": "integer"
       },
       "omitted": {
        "additionalProperties": {
         "type": "string"
        },
        "type": "object"
       },
       "how": {
        "type": "string"
       }
      },
      "required": [
       "limit",
       "full_chars",
       "omitted",
       "how"
      ],
      "type": "object"
     },
     "RoutingItem": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "case_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "lane": {
        "type": [
         "string",
         "null"
        ]
       },
       "reason": {
        "type": [
         "string",
         "null"
        ]
       },
       "routed_by": {
        "type": [
         "string",
         "null"
        ]
       },
       "routed_at": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "id",
       "case_id",
       "lane",
       "reason",
       "routed_by",
       "routed_at"
      ],
      "type": "object"
     },
     "Triage": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "case_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "intake_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "urgency_level": {
        "type": [
         "string",
         "null"
        ]
       },
       "received_at": {
        "type": [
         "string",
         "null"
        ]
       },
       "state": {
        "type": [
         "string",
         "null"
        ]
       },
       "sla_hours": {
        "type": [
         "integer",
         "null"
        ]
       },
       "sla_deadline": {
        "type": [
         "string",
         "null"
        ]
       },
       "sla_rule_source": {
        "type": [
         "string",
         "null"
        ]
       },
       "gold_card_checked": {
        "type": [
         "boolean",
         "null"
        ]
       },
       "gold_card_eligible": {
        "type": [
         "boolean",
         "null"
        ]
       },
       "disposition": {
        "type": [
         "string",
         "null"
        ]
       },
       "disposition_reason": {
        "type": [
         "string",
         "null"
        ]
       },
       "decided_by": {
        "type": [
         "string",
         "null"
        ]
       },
       "decided_at": {
        "type": [
         "string",
         "null"
        ]
       }
      },
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
      ],
      "type": "object"
     }
    },
    "properties": {
     "result_budget": {
      "$ref": "#/$defs/ResultBudgetNote"
     },
     "more": {
      "additionalProperties": {
       "$ref": "#/$defs/MoreEntry"
      },
      "type": "object"
     },
     "more_hint": {
      "type": "string"
     },
     "case": {
      "anyOf": [
       {
        "$ref": "#/$defs/Case3"
       },
       {
        "type": "null"
       }
      ]
     },
     "intake": {
      "anyOf": [
       {
        "$ref": "#/$defs/Intake2"
       },
       {
        "type": "null"
       }
      ]
     },
     "triage": {
      "anyOf": [
       {
        "$ref": "#/$defs/Triage"
       },
       {
        "type": "null"
       }
      ]
     },
     "routing": {
      "items": {
       "anyOf": [
        {
         "$ref": "#/$defs/RoutingItem"
        },
        {
         "type": "null"
        }
       ]
      },
      "type": "array"
     }
    },
    "required": [
     "case",
     "intake",
     "triage",
     "routing"
    ],
    "type": "object"
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
    "$defs": {
     "ResultBudgetNote": {
      "description": "What the dispatcher's last-resort cut left out: ``omitted`` maps a path to what was kept of it.",
      "properties": {
       "limit": {
        "type": "integer"
       },
       "full_chars": {
        "type": "integer"
       },
       "omitted": {
        "additionalProperties": {
         "type": "string"
        },
        "type": "object"
       },
       "how": {
        "type": "string"
       }
      },
      "required": [
       "limit",
       "full_chars",
       "omitted",
       "how"
      ],
      "type": "object"
     }
    },
    "properties": {
     "result_budget": {
      "$ref": "#/$defs/ResultBudgetNote"
     },
     "id": {
      "type": [
       "string",
       "null"
      ]
     },
     "case_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "lane": {
      "type": [
       "string",
       "null"
      ]
     },
     "reason": {
      "type": [
       "string",
       "null"
      ]
     },
     "routed_by": {
      "type": [
       "string",
       "null"
      ]
     },
     "routed_at": {
      "type": [
       "string",
       "null"
      ]
     },
     "review_task_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "determination_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "authorization_number": {
      "type": [
       "string",
       "null"
      ]
     },
     "case_status": {
      "type": [
       "string",
       "null"
      ]
     }
    },
    "required": [
     "id",
     "case_id",
     "lane",
     "reason",
     "routed_by",
     "routed_at",
     "case_status"
    ],
    "type": "object"
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
    "$defs": {
     "ResultBudgetNote": {
      "description": "What the dispatcher's last-resort cut left out: ``omitted`` maps a path to what was kept of it.",
      "properties": {
       "limit": {
        "type": "integer"
       },
       "full_chars": {
        "type": "integer"
       },
       "omitted": {
        "additionalProperties": {
         "type": "string"
        },
        "type": "object"
       },
       "how": {
        "type": "string"
       }
      },
      "required": [
       "limit",
       "full_chars",
       "omitted",
       "how"
      ],
      "type": "object"
     }
    },
    "properties": {
     "result_budget": {
      "$ref": "#/$defs/ResultBudgetNote"
     },
     "id": {
      "type": [
       "string",
       "null"
      ]
     },
     "case_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "intake_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "urgency_level": {
      "type": [
       "string",
       "null"
      ]
     },
     "received_at": {
      "type": [
       "string",
       "null"
      ]
     },
     "state": {
      "type": [
       "string",
       "null"
      ]
     },
     "sla_hours": {
      "type": [
       "integer",
       "null"
      ]
     },
     "sla_deadline": {
      "type": [
       "string",
       "null"
      ]
     },
     "sla_rule_source": {
      "type": [
       "string",
       "null"
      ]
     },
     "gold_card_checked": {
      "type": [
       "boolean",
       "null"
      ]
     },
     "gold_card_eligible": {
      "type": [
       "boolean",
       "null"
      ]
     },
     "disposition": {
      "type": [
       "string",
       "null"
      ]
     },
     "disposition_reason": {
      "type": [
       "string",
       "null"
      ]
     },
     "decided_by": {
      "type": [
       "string",
       "null"
      ]
     },
     "decided_at": {
      "type": [
       "string",
       "null"
      ]
     }
    },
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
    ],
    "type": "object"
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
    "$defs": {
     "BehavioralHealth": {
      "properties": {
       "auditc_items": {
        "items": {
         "type": [
          "integer",
          "null"
         ]
        },
        "type": [
         "array",
         "null"
        ]
       },
       "computed": {
        "anyOf": [
         {
          "$ref": "#/$defs/Computed"
         },
         {
          "type": "null"
         }
        ]
       },
       "gad7_items": {
        "items": {
         "type": [
          "integer",
          "null"
         ]
        },
        "type": "array"
       },
       "notes": {
        "type": [
         "string",
         "null"
        ]
       },
       "phq9_items": {
        "items": {
         "type": [
          "integer",
          "null"
         ]
        },
        "type": "array"
       },
       "substance_use_notes": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "auditc_items",
       "computed",
       "gad7_items",
       "notes",
       "phq9_items",
       "substance_use_notes"
      ],
      "type": "object"
     },
     "Clinical": {
      "properties": {
       "clinical_concerns": {
        "items": {
         "type": [
          "string",
          "null"
         ]
        },
        "type": "array"
       },
       "computed": {
        "anyOf": [
         {
          "additionalProperties": {
           "$ref": "#/$defs/JsonValue"
          },
          "type": "object"
         },
         {
          "type": "null"
         }
        ]
       },
       "conditions_reviewed": {
        "items": {
         "type": [
          "string",
          "null"
         ]
        },
        "type": "array"
       },
       "functional_status": {
        "type": [
         "string",
         "null"
        ]
       },
       "notes": {
        "type": [
         "string",
         "null"
        ]
       },
       "pain_score": {
        "type": [
         "integer",
         "null"
        ]
       },
       "recent_utilization": {
        "type": [
         "string",
         "null"
        ]
       },
       "symptom_summary": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "clinical_concerns",
       "computed",
       "conditions_reviewed",
       "functional_status",
       "notes",
       "pain_score",
       "recent_utilization",
       "symptom_summary"
      ],
      "type": "object"
     },
     "Computed": {
      "properties": {
       "gad7_severity": {
        "type": [
         "string",
         "null"
        ]
       },
       "gad7_total": {
        "type": [
         "integer",
         "null"
        ]
       },
       "phq9_item9_positive": {
        "type": [
         "boolean",
         "null"
        ]
       },
       "phq9_severity": {
        "type": [
         "string",
         "null"
        ]
       },
       "phq9_total": {
        "type": [
         "integer",
         "null"
        ]
       },
       "auditc_positive": {
        "type": [
         "boolean",
         "null"
        ]
       },
       "auditc_total": {
        "type": [
         "integer",
         "null"
        ]
       }
      },
      "required": [
       "gad7_severity",
       "gad7_total",
       "phq9_item9_positive",
       "phq9_severity",
       "phq9_total"
      ],
      "type": "object"
     },
     "Computed2": {
      "properties": {
       "hunger_vital_sign_positive": {
        "type": [
         "boolean",
         "null"
        ]
       }
      },
      "required": [
       "hunger_vital_sign_positive"
      ],
      "type": "object"
     },
     "HungerVitalSign": {
      "properties": {
       "food_did_not_last": {
        "type": [
         "string",
         "null"
        ]
       },
       "worried_food_would_run_out": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "food_did_not_last",
       "worried_food_would_run_out"
      ],
      "type": "object"
     },
     "JsonValue": {},
     "Medication": {
      "properties": {
       "adherence": {
        "type": [
         "string",
         "null"
        ]
       },
       "name": {
        "type": [
         "string",
         "null"
        ]
       },
       "note": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "adherence",
       "name",
       "note"
      ],
      "type": "object"
     },
     "Medication2": {
      "properties": {
       "adherence_barriers": {
        "items": {
         "type": [
          "string",
          "null"
         ]
        },
        "type": "array"
       },
       "computed": {
        "anyOf": [
         {
          "additionalProperties": {
           "$ref": "#/$defs/JsonValue"
          },
          "type": "object"
         },
         {
          "type": "null"
         }
        ]
       },
       "cost_concern": {
        "type": [
         "boolean",
         "null"
        ]
       },
       "medications": {
        "items": {
         "anyOf": [
          {
           "$ref": "#/$defs/Medication"
          },
          {
           "type": "null"
          }
         ]
        },
        "type": "array"
       },
       "reconciliation_notes": {
        "type": [
         "string",
         "null"
        ]
       },
       "side_effects": {
        "items": {
         "$ref": "#/$defs/JsonValue"
        },
        "type": "array"
       }
      },
      "required": [
       "adherence_barriers",
       "computed",
       "cost_concern",
       "medications",
       "reconciliation_notes",
       "side_effects"
      ],
      "type": "object"
     },
     "ResultBudgetNote": {
      "description": "What the dispatcher's last-resort cut left out: ``omitted`` maps a path to what was kept of it.",
      "properties": {
       "limit": {
        "type": "integer"
       },
       "full_chars": {
        "type": "integer"
       },
       "omitted": {
        "additionalProperties": {
         "type": "string"
        },
        "type": "object"
       },
       "how": {
        "type": "string"
       }
      },
      "required": [
       "limit",
       "full_chars",
       "omitted",
       "how"
      ],
      "type": "object"
     },
     "Sdoh": {
      "properties": {
       "computed": {
        "anyOf": [
         {
          "$ref": "#/$defs/Computed2"
         },
         {
          "type": "null"
         }
        ]
       },
       "financial_strain": {
        "type": [
         "boolean",
         "null"
        ]
       },
       "housing": {
        "type": [
         "string",
         "null"
        ]
       },
       "hunger_vital_sign": {
        "anyOf": [
         {
          "$ref": "#/$defs/HungerVitalSign"
         },
         {
          "type": "null"
         }
        ]
       },
       "interpersonal_safety_concern": {
        "type": [
         "boolean",
         "null"
        ]
       },
       "notes": {
        "type": [
         "string",
         "null"
        ]
       },
       "social_isolation": {
        "type": [
         "boolean",
         "null"
        ]
       },
       "transportation_barrier": {
        "type": [
         "boolean",
         "null"
        ]
       },
       "utilities_concern": {
        "type": [
         "boolean",
         "null"
        ]
       }
      },
      "required": [
       "computed",
       "financial_strain",
       "housing",
       "hunger_vital_sign",
       "interpersonal_safety_concern",
       "notes",
       "social_isolation",
       "transportation_barrier",
       "utilities_concern"
      ],
      "type": "object"
     }
    },
    "properties": {
     "result_budget": {
      "$ref": "#/$defs/ResultBudgetNote"
     },
     "id": {
      "type": [
       "string",
       "null"
      ]
     },
     "cm_case_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "status": {
      "type": [
       "string",
       "null"
      ]
     },
     "clinical": {
      "anyOf": [
       {
        "$ref": "#/$defs/Clinical"
       },
       {
        "type": "null"
       }
      ]
     },
     "medication": {
      "anyOf": [
       {
        "$ref": "#/$defs/Medication2"
       },
       {
        "type": "null"
       }
      ]
     },
     "behavioral_health": {
      "anyOf": [
       {
        "$ref": "#/$defs/BehavioralHealth"
       },
       {
        "type": "null"
       }
      ]
     },
     "sdoh": {
      "anyOf": [
       {
        "$ref": "#/$defs/Sdoh"
       },
       {
        "type": "null"
       }
      ]
     },
     "phq9_score": {
      "type": [
       "integer",
       "null"
      ]
     },
     "gad7_score": {
      "type": [
       "integer",
       "null"
      ]
     },
     "auditc_score": {
      "type": [
       "integer",
       "null"
      ]
     },
     "hunger_vital_sign_positive": {
      "type": [
       "boolean",
       "null"
      ]
     },
     "blocked_reason": {
      "$ref": "#/$defs/JsonValue"
     },
     "assessor_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "started_at": {
      "type": [
       "string",
       "null"
      ]
     },
     "completed_at": {
      "type": [
       "string",
       "null"
      ]
     },
     "sections_saved": {
      "items": {
       "type": [
        "string",
        "null"
       ]
      },
      "type": "array"
     },
     "sections_missing": {
      "items": {
       "$ref": "#/$defs/JsonValue"
      },
      "type": "array"
     }
    },
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
    ],
    "type": "object"
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
    "$defs": {
     "BehavioralHealth2": {
      "properties": {
       "phq9_items": {
        "items": {
         "type": [
          "integer",
          "null"
         ]
        },
        "type": "array"
       },
       "gad7_items": {
        "items": {
         "type": [
          "integer",
          "null"
         ]
        },
        "type": "array"
       },
       "auditc_items": {
        "items": {
         "type": [
          "integer",
          "null"
         ]
        },
        "type": [
         "array",
         "null"
        ]
       },
       "substance_use_notes": {
        "type": [
         "string",
         "null"
        ]
       },
       "notes": {
        "type": [
         "string",
         "null"
        ]
       },
       "computed": {
        "anyOf": [
         {
          "$ref": "#/$defs/Computed3"
         },
         {
          "type": "null"
         }
        ]
       }
      },
      "required": [
       "phq9_items",
       "gad7_items",
       "auditc_items",
       "substance_use_notes",
       "notes",
       "computed"
      ],
      "type": "object"
     },
     "Clinical2": {
      "properties": {
       "conditions_reviewed": {
        "items": {
         "type": [
          "string",
          "null"
         ]
        },
        "type": "array"
       },
       "symptom_summary": {
        "type": [
         "string",
         "null"
        ]
       },
       "recent_utilization": {
        "type": [
         "string",
         "null"
        ]
       },
       "functional_status": {
        "type": [
         "string",
         "null"
        ]
       },
       "pain_score": {
        "type": [
         "integer",
         "null"
        ]
       },
       "clinical_concerns": {
        "items": {
         "type": [
          "string",
          "null"
         ]
        },
        "type": "array"
       },
       "notes": {
        "type": [
         "string",
         "null"
        ]
       },
       "computed": {
        "anyOf": [
         {
          "additionalProperties": {
           "$ref": "#/$defs/JsonValue"
          },
          "type": "object"
         },
         {
          "type": "null"
         }
        ]
       }
      },
      "required": [
       "conditions_reviewed",
       "symptom_summary",
       "recent_utilization",
       "functional_status",
       "pain_score",
       "clinical_concerns",
       "notes",
       "computed"
      ],
      "type": "object"
     },
     "Computed2": {
      "properties": {
       "hunger_vital_sign_positive": {
        "type": [
         "boolean",
         "null"
        ]
       }
      },
      "required": [
       "hunger_vital_sign_positive"
      ],
      "type": "object"
     },
     "Computed3": {
      "properties": {
       "phq9_total": {
        "type": [
         "integer",
         "null"
        ]
       },
       "phq9_severity": {
        "type": [
         "string",
         "null"
        ]
       },
       "phq9_item9_positive": {
        "type": [
         "boolean",
         "null"
        ]
       },
       "gad7_total": {
        "type": [
         "integer",
         "null"
        ]
       },
       "gad7_severity": {
        "type": [
         "string",
         "null"
        ]
       },
       "auditc_total": {
        "type": [
         "integer",
         "null"
        ]
       },
       "auditc_positive": {
        "type": [
         "boolean",
         "null"
        ]
       }
      },
      "required": [
       "phq9_total",
       "phq9_severity",
       "phq9_item9_positive",
       "gad7_total",
       "gad7_severity"
      ],
      "type": "object"
     },
     "HungerVitalSign2": {
      "properties": {
       "worried_food_would_run_out": {
        "type": [
         "string",
         "null"
        ]
       },
       "food_did_not_last": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "worried_food_would_run_out",
       "food_did_not_last"
      ],
      "type": "object"
     },
     "JsonValue": {},
     "Medication3": {
      "properties": {
       "name": {
        "type": [
         "string",
         "null"
        ]
       },
       "adherence": {
        "type": [
         "string",
         "null"
        ]
       },
       "note": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "name",
       "adherence",
       "note"
      ],
      "type": "object"
     },
     "Medication4": {
      "properties": {
       "medications": {
        "items": {
         "anyOf": [
          {
           "$ref": "#/$defs/Medication3"
          },
          {
           "type": "null"
          }
         ]
        },
        "type": "array"
       },
       "adherence_barriers": {
        "items": {
         "type": [
          "string",
          "null"
         ]
        },
        "type": "array"
       },
       "cost_concern": {
        "type": [
         "boolean",
         "null"
        ]
       },
       "side_effects": {
        "items": {
         "$ref": "#/$defs/JsonValue"
        },
        "type": "array"
       },
       "reconciliation_notes": {
        "type": [
         "string",
         "null"
        ]
       },
       "computed": {
        "anyOf": [
         {
          "additionalProperties": {
           "$ref": "#/$defs/JsonValue"
          },
          "type": "object"
         },
         {
          "type": "null"
         }
        ]
       }
      },
      "required": [
       "medications",
       "adherence_barriers",
       "cost_concern",
       "side_effects",
       "reconciliation_notes",
       "computed"
      ],
      "type": "object"
     },
     "ResultBudgetNote": {
      "description": "What the dispatcher's last-resort cut left out: ``omitted`` maps a path to what was kept of it.",
      "properties": {
       "limit": {
        "type": "integer"
       },
       "full_chars": {
        "type": "integer"
       },
       "omitted": {
        "additionalProperties": {
         "type": "string"
        },
        "type": "object"
       },
       "how": {
        "type": "string"
       }
      },
      "required": [
       "limit",
       "full_chars",
       "omitted",
       "how"
      ],
      "type": "object"
     },
     "Sdoh2": {
      "properties": {
       "hunger_vital_sign": {
        "anyOf": [
         {
          "$ref": "#/$defs/HungerVitalSign2"
         },
         {
          "type": "null"
         }
        ]
       },
       "housing": {
        "type": [
         "string",
         "null"
        ]
       },
       "transportation_barrier": {
        "type": [
         "boolean",
         "null"
        ]
       },
       "utilities_concern": {
        "type": [
         "boolean",
         "null"
        ]
       },
       "financial_strain": {
        "type": [
         "boolean",
         "null"
        ]
       },
       "social_isolation": {
        "type": [
         "boolean",
         "null"
        ]
       },
       "interpersonal_safety_concern": {
        "type": [
         "boolean",
         "null"
        ]
       },
       "notes": {
        "type": [
         "string",
         "null"
        ]
       },
       "computed": {
        "anyOf": [
         {
          "$ref": "#/$defs/Computed2"
         },
         {
          "type": "null"
         }
        ]
       }
      },
      "required": [
       "hunger_vital_sign",
       "housing",
       "transportation_barrier",
       "utilities_concern",
       "financial_strain",
       "social_isolation",
       "interpersonal_safety_concern",
       "notes",
       "computed"
      ],
      "type": "object"
     }
    },
    "properties": {
     "result_budget": {
      "$ref": "#/$defs/ResultBudgetNote"
     },
     "id": {
      "type": [
       "string",
       "null"
      ]
     },
     "cm_case_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "status": {
      "type": [
       "string",
       "null"
      ]
     },
     "clinical": {
      "anyOf": [
       {
        "$ref": "#/$defs/Clinical2"
       },
       {
        "type": "null"
       }
      ]
     },
     "medication": {
      "anyOf": [
       {
        "$ref": "#/$defs/Medication4"
       },
       {
        "type": "null"
       }
      ]
     },
     "behavioral_health": {
      "anyOf": [
       {
        "$ref": "#/$defs/BehavioralHealth2"
       },
       {
        "type": "null"
       }
      ]
     },
     "sdoh": {
      "anyOf": [
       {
        "$ref": "#/$defs/Sdoh2"
       },
       {
        "type": "null"
       }
      ]
     },
     "phq9_score": {
      "type": [
       "integer",
       "null"
      ]
     },
     "gad7_score": {
      "type": [
       "integer",
       "null"
      ]
     },
     "auditc_score": {
      "type": [
       "integer",
       "null"
      ]
     },
     "hunger_vital_sign_positive": {
      "type": [
       "boolean",
       "null"
      ]
     },
     "blocked_reason": {
      "type": [
       "string",
       "null"
      ]
     },
     "assessor_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "started_at": {
      "type": [
       "string",
       "null"
      ]
     },
     "completed_at": {
      "$ref": "#/$defs/JsonValue"
     },
     "sections_saved": {
      "items": {
       "type": [
        "string",
        "null"
       ]
      },
      "type": "array"
     },
     "sections_missing": {
      "items": {
       "type": [
        "string",
        "null"
       ]
      },
      "type": "array"
     }
    },
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
    ],
    "type": "object"
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
    "$defs": {
     "JsonValue": {},
     "ResultBudgetNote": {
      "description": "What the dispatcher's last-resort cut left out: ``omitted`` maps a path to what was kept of it.",
      "properties": {
       "limit": {
        "type": "integer"
       },
       "full_chars": {
        "type": "integer"
       },
       "omitted": {
        "additionalProperties": {
         "type": "string"
        },
        "type": "object"
       },
       "how": {
        "type": "string"
       }
      },
      "required": [
       "limit",
       "full_chars",
       "omitted",
       "how"
      ],
      "type": "object"
     }
    },
    "properties": {
     "result_budget": {
      "$ref": "#/$defs/ResultBudgetNote"
     },
     "id": {
      "type": [
       "string",
       "null"
      ]
     },
     "cm_case_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "status": {
      "type": [
       "string",
       "null"
      ]
     },
     "clinical": {
      "$ref": "#/$defs/JsonValue"
     },
     "medication": {
      "$ref": "#/$defs/JsonValue"
     },
     "behavioral_health": {
      "$ref": "#/$defs/JsonValue"
     },
     "sdoh": {
      "$ref": "#/$defs/JsonValue"
     },
     "phq9_score": {
      "$ref": "#/$defs/JsonValue"
     },
     "gad7_score": {
      "$ref": "#/$defs/JsonValue"
     },
     "auditc_score": {
      "$ref": "#/$defs/JsonValue"
     },
     "hunger_vital_sign_positive": {
      "$ref": "#/$defs/JsonValue"
     },
     "blocked_reason": {
      "$ref": "#/$defs/JsonValue"
     },
     "assessor_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "started_at": {
      "type": [
       "string",
       "null"
      ]
     },
     "completed_at": {
      "$ref": "#/$defs/JsonValue"
     },
     "sections_saved": {
      "items": {
       "$ref": "#/$defs/JsonValue"
      },
      "type": "array"
     },
     "sections_missing": {
      "items": {
       "type": [
        "string",
        "null"
       ]
      },
      "type": "array"
     }
    },
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
    ],
    "type": "object"
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
    "$defs": {
     "JsonValue": {},
     "ResultBudgetNote": {
      "description": "What the dispatcher's last-resort cut left out: ``omitted`` maps a path to what was kept of it.",
      "properties": {
       "limit": {
        "type": "integer"
       },
       "full_chars": {
        "type": "integer"
       },
       "omitted": {
        "additionalProperties": {
         "type": "string"
        },
        "type": "object"
       },
       "how": {
        "type": "string"
       }
      },
      "required": [
       "limit",
       "full_chars",
       "omitted",
       "how"
      ],
      "type": "object"
     }
    },
    "properties": {
     "result_budget": {
      "$ref": "#/$defs/ResultBudgetNote"
     },
     "id": {
      "type": [
       "string",
       "null"
      ]
     },
     "cm_case_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "status": {
      "type": [
       "string",
       "null"
      ]
     },
     "escalation_triggers": {
      "items": {
       "$ref": "#/$defs/JsonValue"
      },
      "type": "array"
     },
     "follow_up_cadence": {
      "$ref": "#/$defs/JsonValue"
     },
     "follow_up_start": {
      "$ref": "#/$defs/JsonValue"
     },
     "follow_up_notes": {
      "$ref": "#/$defs/JsonValue"
     },
     "author_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "created_at": {
      "type": [
       "string",
       "null"
      ]
     },
     "updated_at": {
      "type": [
       "string",
       "null"
      ]
     },
     "finalized_at": {
      "$ref": "#/$defs/JsonValue"
     },
     "problems": {
      "items": {
       "$ref": "#/$defs/JsonValue"
      },
      "type": "array"
     }
    },
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
    ],
    "type": "object"
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
    "$defs": {
     "EscalationTrigger": {
      "properties": {
       "action": {
        "type": [
         "string",
         "null"
        ]
       },
       "contact": {
        "type": [
         "string",
         "null"
        ]
       },
       "timeframe": {
        "type": [
         "string",
         "null"
        ]
       },
       "trigger": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "action",
       "contact",
       "timeframe",
       "trigger"
      ],
      "type": "object"
     },
     "Goal": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "problem_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "ordinal": {
        "type": [
         "integer",
         "null"
        ]
       },
       "statement": {
        "type": [
         "string",
         "null"
        ]
       },
       "measure": {
        "type": [
         "string",
         "null"
        ]
       },
       "target": {
        "type": [
         "string",
         "null"
        ]
       },
       "target_date": {
        "type": [
         "string",
         "null"
        ]
       },
       "interventions": {
        "items": {
         "anyOf": [
          {
           "$ref": "#/$defs/Intervention"
          },
          {
           "type": "null"
          }
         ]
        },
        "type": "array"
       }
      },
      "required": [
       "id",
       "problem_id",
       "ordinal",
       "statement",
       "measure",
       "target",
       "target_date",
       "interventions"
      ],
      "type": "object"
     },
     "Intervention": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "goal_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "ordinal": {
        "type": [
         "integer",
         "null"
        ]
       },
       "action": {
        "type": [
         "string",
         "null"
        ]
       },
       "owner": {
        "type": [
         "string",
         "null"
        ]
       },
       "due_date": {
        "type": [
         "string",
         "null"
        ]
       },
       "frequency": {
        "type": [
         "string",
         "null"
        ]
       },
       "details": {
        "anyOf": [
         {
          "additionalProperties": {
           "$ref": "#/$defs/JsonValue"
          },
          "type": "object"
         },
         {
          "type": "null"
         }
        ]
       }
      },
      "required": [
       "id",
       "goal_id",
       "ordinal",
       "action",
       "owner",
       "due_date",
       "frequency",
       "details"
      ],
      "type": "object"
     },
     "JsonValue": {},
     "Problem": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "plan_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "ordinal": {
        "type": [
         "integer",
         "null"
        ]
       },
       "statement": {
        "type": [
         "string",
         "null"
        ]
       },
       "domain": {
        "type": [
         "string",
         "null"
        ]
       },
       "icd10": {
        "type": [
         "string",
         "null"
        ]
       },
       "evidence": {
        "type": [
         "string",
         "null"
        ]
       },
       "priority": {
        "type": [
         "string",
         "null"
        ]
       },
       "goals": {
        "items": {
         "anyOf": [
          {
           "$ref": "#/$defs/Goal"
          },
          {
           "type": "null"
          }
         ]
        },
        "type": "array"
       }
      },
      "required": [
       "id",
       "plan_id",
       "ordinal",
       "statement",
       "domain",
       "icd10",
       "evidence",
       "priority",
       "goals"
      ],
      "type": "object"
     },
     "ResultBudgetNote": {
      "description": "What the dispatcher's last-resort cut left out: ``omitted`` maps a path to what was kept of it.",
      "properties": {
       "limit": {
        "type": "integer"
       },
       "full_chars": {
        "type": "integer"
       },
       "omitted": {
        "additionalProperties": {
         "type": "string"
        },
        "type": "object"
       },
       "how": {
        "type": "string"
       }
      },
      "required": [
       "limit",
       "full_chars",
       "omitted",
       "how"
      ],
      "type": "object"
     }
    },
    "properties": {
     "result_budget": {
      "$ref": "#/$defs/ResultBudgetNote"
     },
     "id": {
      "type": [
       "string",
       "null"
      ]
     },
     "cm_case_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "status": {
      "type": [
       "string",
       "null"
      ]
     },
     "escalation_triggers": {
      "items": {
       "anyOf": [
        {
         "$ref": "#/$defs/EscalationTrigger"
        },
        {
         "type": "null"
        }
       ]
      },
      "type": "array"
     },
     "follow_up_cadence": {
      "type": [
       "string",
       "null"
      ]
     },
     "follow_up_start": {
      "type": [
       "string",
       "null"
      ]
     },
     "follow_up_notes": {
      "type": [
       "string",
       "null"
      ]
     },
     "author_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "created_at": {
      "type": [
       "string",
       "null"
      ]
     },
     "updated_at": {
      "type": [
       "string",
       "null"
      ]
     },
     "finalized_at": {
      "type": [
       "string",
       "null"
      ]
     },
     "problems": {
      "items": {
       "anyOf": [
        {
         "$ref": "#/$defs/Problem"
        },
        {
         "type": "null"
        }
       ]
      },
      "type": "array"
     }
    },
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
    ],
    "type": "object"
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
    "$defs": {
     "EscalationTrigger2": {
      "properties": {
       "trigger": {
        "type": [
         "string",
         "null"
        ]
       },
       "action": {
        "type": [
         "string",
         "null"
        ]
       },
       "contact": {
        "type": [
         "string",
         "null"
        ]
       },
       "timeframe": {
        "type": [
         "string",
         "null"
        ]
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
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "problem_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "ordinal": {
        "type": [
         "integer",
         "null"
        ]
       },
       "statement": {
        "type": [
         "string",
         "null"
        ]
       },
       "measure": {
        "type": [
         "string",
         "null"
        ]
       },
       "target": {
        "type": [
         "string",
         "null"
        ]
       },
       "target_date": {
        "type": [
         "string",
         "null"
        ]
       },
       "interventions": {
        "items": {
         "anyOf": [
          {
           "$ref": "#/$defs/Intervention"
          },
          {
           "type": "null"
          }
         ]
        },
        "type": "array"
       }
      },
      "required": [
       "id",
       "problem_id",
       "ordinal",
       "statement",
       "measure",
       "target",
       "target_date",
       "interventions"
      ],
      "type": "object"
     },
     "Intervention": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "goal_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "ordinal": {
        "type": [
         "integer",
         "null"
        ]
       },
       "action": {
        "type": [
         "string",
         "null"
        ]
       },
       "owner": {
        "type": [
         "string",
         "null"
        ]
       },
       "due_date": {
        "type": [
         "string",
         "null"
        ]
       },
       "frequency": {
        "type": [
         "string",
         "null"
        ]
       },
       "details": {
        "anyOf": [
         {
          "additionalProperties": {
           "$ref": "#/$defs/JsonValue"
          },
          "type": "object"
         },
         {
          "type": "null"
         }
        ]
       }
      },
      "required": [
       "id",
       "goal_id",
       "ordinal",
       "action",
       "owner",
       "due_date",
       "frequency",
       "details"
      ],
      "type": "object"
     },
     "JsonValue": {},
     "Problem": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "plan_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "ordinal": {
        "type": [
         "integer",
         "null"
        ]
       },
       "statement": {
        "type": [
         "string",
         "null"
        ]
       },
       "domain": {
        "type": [
         "string",
         "null"
        ]
       },
       "icd10": {
        "type": [
         "string",
         "null"
        ]
       },
       "evidence": {
        "type": [
         "string",
         "null"
        ]
       },
       "priority": {
        "type": [
         "string",
         "null"
        ]
       },
       "goals": {
        "items": {
         "anyOf": [
          {
           "$ref": "#/$defs/Goal"
          },
          {
           "type": "null"
          }
         ]
        },
        "type": "array"
       }
      },
      "required": [
       "id",
       "plan_id",
       "ordinal",
       "statement",
       "domain",
       "icd10",
       "evidence",
       "priority",
       "goals"
      ],
      "type": "object"
     },
     "ResultBudgetNote": {
      "description": "What the dispatcher's last-resort cut left out: ``omitted`` maps a path to what was kept of it.",
      "properties": {
       "limit": {
        "type": "integer"
       },
       "full_chars": {
        "type": "integer"
       },
       "omitted": {
        "additionalProperties": {
         "type": "string"
        },
        "type": "object"
       },
       "how": {
        "type": "string"
       }
      },
      "required": [
       "limit",
       "full_chars",
       "omitted",
       "how"
      ],
      "type": "object"
     }
    },
    "properties": {
     "result_budget": {
      "$ref": "#/$defs/ResultBudgetNote"
     },
     "id": {
      "type": [
       "string",
       "null"
      ]
     },
     "cm_case_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "status": {
      "type": [
       "string",
       "null"
      ]
     },
     "escalation_triggers": {
      "items": {
       "anyOf": [
        {
         "$ref": "#/$defs/EscalationTrigger2"
        },
        {
         "type": "null"
        }
       ]
      },
      "type": "array"
     },
     "follow_up_cadence": {
      "type": [
       "string",
       "null"
      ]
     },
     "follow_up_start": {
      "type": [
       "string",
       "null"
      ]
     },
     "follow_up_notes": {
      "type": [
       "string",
       "null"
      ]
     },
     "author_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "created_at": {
      "type": [
       "string",
       "null"
      ]
     },
     "updated_at": {
      "type": [
       "string",
       "null"
      ]
     },
     "finalized_at": {
      "$ref": "#/$defs/JsonValue"
     },
     "problems": {
      "items": {
       "anyOf": [
        {
         "$ref": "#/$defs/Problem"
        },
        {
         "type": "null"
        }
       ]
      },
      "type": "array"
     }
    },
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
    ],
    "type": "object"
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
    "$defs": {
     "ActiveOn": {
      "properties": {
       "date": {
        "type": [
         "string",
         "null"
        ]
       },
       "active": {
        "type": [
         "boolean",
         "null"
        ]
       }
      },
      "required": [
       "date",
       "active"
      ],
      "type": "object"
     },
     "Allergy": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "substance": {
        "type": [
         "string",
         "null"
        ]
       },
       "reaction": {
        "type": [
         "string",
         "null"
        ]
       },
       "severity": {
        "type": [
         "string",
         "null"
        ]
       },
       "recorded": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "id",
       "substance",
       "reaction",
       "severity",
       "recorded"
      ],
      "type": "object"
     },
     "Case": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "referral_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "patient_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "status": {
        "type": [
         "string",
         "null"
        ]
       },
       "program": {
        "type": [
         "string",
         "null"
        ]
       },
       "priority": {
        "type": [
         "string",
         "null"
        ]
       },
       "risk_level": {
        "$ref": "#/$defs/JsonValue"
       },
       "assigned_to": {
        "type": [
         "string",
         "null"
        ]
       },
       "opened_at": {
        "type": [
         "string",
         "null"
        ]
       },
       "closed_at": {
        "$ref": "#/$defs/JsonValue"
       },
       "disenroll_reason": {
        "$ref": "#/$defs/JsonValue"
       },
       "disenroll_note": {
        "$ref": "#/$defs/JsonValue"
       }
      },
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
      ],
      "type": "object"
     },
     "Code": {
      "properties": {
       "loinc": {
        "type": [
         "string",
         "null"
        ]
       },
       "display": {
        "type": [
         "string",
         "null"
        ]
       },
       "count": {
        "type": [
         "integer",
         "null"
        ]
       },
       "latest_date": {
        "type": [
         "string",
         "null"
        ]
       },
       "earliest_date": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "loinc",
       "display",
       "count",
       "latest_date",
       "earliest_date"
      ],
      "type": "object"
     },
     "Condition": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "code": {
        "type": [
         "string",
         "null"
        ]
       },
       "display": {
        "type": [
         "string",
         "null"
        ]
       },
       "onset": {
        "type": [
         "string",
         "null"
        ]
       },
       "status": {
        "type": [
         "string",
         "null"
        ]
       },
       "abatement": {
        "$ref": "#/$defs/JsonValue"
       },
       "note": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "id",
       "code",
       "display",
       "onset",
       "status",
       "abatement",
       "note"
      ],
      "type": "object"
     },
     "Coverage": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "patient_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "plan_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "member_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "group_number": {
        "type": [
         "string",
         "null"
        ]
       },
       "status": {
        "type": [
         "string",
         "null"
        ]
       },
       "effective_date": {
        "type": [
         "string",
         "null"
        ]
       },
       "termination_date": {
        "$ref": "#/$defs/JsonValue"
       },
       "plan_name": {
        "type": [
         "string",
         "null"
        ]
       },
       "line_of_business": {
        "type": [
         "string",
         "null"
        ]
       },
       "product": {
        "type": [
         "string",
         "null"
        ]
       },
       "plan_state": {
        "type": [
         "string",
         "null"
        ]
       },
       "active_on": {
        "anyOf": [
         {
          "$ref": "#/$defs/ActiveOn"
         },
         {
          "type": "null"
         }
        ]
       }
      },
      "required": [
       "id",
       "patient_id",
       "plan_id",
       "member_id",
       "group_number",
       "status",
       "effective_date",
       "termination_date",
       "plan_name",
       "line_of_business",
       "product",
       "plan_state",
       "active_on"
      ],
      "type": "object"
     },
     "Document": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "patient_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "case_id": {
        "$ref": "#/$defs/JsonValue"
       },
       "encounter_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "kind": {
        "type": [
         "string",
         "null"
        ]
       },
       "title": {
        "type": [
         "string",
         "null"
        ]
       },
       "date": {
        "type": [
         "string",
         "null"
        ]
       },
       "author_worker_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "signed": {
        "type": [
         "boolean",
         "null"
        ]
       },
       "signed_by": {
        "type": [
         "string",
         "null"
        ]
       },
       "signed_at": {
        "type": [
         "string",
         "null"
        ]
       },
       "origin": {
        "type": [
         "string",
         "null"
        ]
       },
       "side": {
        "type": [
         "string",
         "null"
        ]
       },
       "copied_from": {
        "$ref": "#/$defs/JsonValue"
       },
       "created_at": {
        "type": [
         "string",
         "null"
        ]
       },
       "details": {
        "anyOf": [
         {
          "additionalProperties": {
           "$ref": "#/$defs/JsonValue"
          },
          "type": "object"
         },
         {
          "type": "null"
         }
        ]
       },
       "author": {
        "anyOf": [
         {
          "$ref": "#/$defs/Pcp"
         },
         {
          "type": "null"
         }
        ]
       },
       "clinician_signed": {
        "type": [
         "boolean",
         "null"
        ]
       },
       "body_chars": {
        "type": [
         "integer",
         "null"
        ]
       }
      },
      "required": [
       "id",
       "patient_id",
       "case_id",
       "encounter_id",
       "kind",
       "title",
       "date",
       "author_worker_id",
       "signed",
       "signed_by",
       "signed_at",
       "origin",
       "side",
       "copied_from",
       "created_at",
       "details",
       "author",
       "clinician_signed",
       "body_chars"
      ],
      "type": "object"
     },
     "DocumentBody": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "kind": {
        "type": [
         "string",
         "null"
        ]
       },
       "title": {
        "type": [
         "string",
         "null"
        ]
       },
       "date": {
        "type": [
         "string",
         "null"
        ]
       },
       "author_worker_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "signed": {
        "type": [
         "boolean",
         "null"
        ]
       },
       "body": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "id",
       "kind",
       "title",
       "date",
       "author_worker_id",
       "signed",
       "body"
      ],
      "type": "object"
     },
     "Encounter": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "date": {
        "type": [
         "string",
         "null"
        ]
       },
       "type": {
        "type": [
         "string",
         "null"
        ]
       },
       "provider_worker_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "org_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "reason": {
        "type": [
         "string",
         "null"
        ]
       },
       "generated": {
        "type": [
         "boolean",
         "null"
        ]
       },
       "provider_name": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "id",
       "date",
       "type",
       "provider_worker_id",
       "org_id",
       "reason",
       "generated",
       "provider_name"
      ],
      "type": "object"
     },
     "JsonValue": {},
     "Medication5": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "name": {
        "type": [
         "string",
         "null"
        ]
       },
       "rxnorm": {
        "$ref": "#/$defs/JsonValue"
       },
       "dose": {
        "type": [
         "string",
         "null"
        ]
       },
       "route": {
        "type": [
         "string",
         "null"
        ]
       },
       "frequency": {
        "type": [
         "string",
         "null"
        ]
       },
       "start": {
        "type": [
         "string",
         "null"
        ]
       },
       "end": {
        "type": [
         "string",
         "null"
        ]
       },
       "status": {
        "type": [
         "string",
         "null"
        ]
       },
       "prescriber_worker_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "note": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "id",
       "name",
       "rxnorm",
       "dose",
       "route",
       "frequency",
       "start",
       "end",
       "status",
       "prescriber_worker_id",
       "note"
      ],
      "type": "object"
     },
     "MoreEntry": {
      "description": "A list section cut to fit the result budget: entries returned, entries in all, where to continue.",
      "properties": {
       "returned": {
        "type": "integer"
       },
       "total": {
        "type": "integer"
       },
       "next_offset": {
        "type": "integer"
       }
      },
      "required": [
       "returned",
       "total",
       "next_offset"
      ],
      "type": "object"
     },
     "Observation": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "encounter_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "loinc": {
        "type": [
         "string",
         "null"
        ]
       },
       "display": {
        "type": [
         "string",
         "null"
        ]
       },
       "date": {
        "type": [
         "string",
         "null"
        ]
       },
       "value_num": {
        "type": [
         "number",
         "null"
        ]
       },
       "value_text": {
        "$ref": "#/$defs/JsonValue"
       },
       "unit": {
        "type": [
         "string",
         "null"
        ]
       },
       "reference_range": {
        "type": [
         "string",
         "null"
        ]
       },
       "interpretation": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "id",
       "encounter_id",
       "loinc",
       "display",
       "date",
       "value_num",
       "value_text",
       "unit",
       "reference_range",
       "interpretation"
      ],
      "type": "object"
     },
     "ObservationsMeta": {
      "properties": {
       "total_in_chart": {
        "type": [
         "integer",
         "null"
        ]
       },
       "matched": {
        "type": [
         "integer",
         "null"
        ]
       },
       "returned": {
        "type": [
         "integer",
         "null"
        ]
       },
       "per_code": {
        "type": [
         "integer",
         "null"
        ]
       },
       "since": {
        "type": [
         "string",
         "null"
        ]
       },
       "until": {
        "type": [
         "string",
         "null"
        ]
       },
       "loinc_codes": {
        "items": {
         "type": [
          "string",
          "null"
         ]
        },
        "type": "array"
       },
       "codes": {
        "items": {
         "anyOf": [
          {
           "$ref": "#/$defs/Code"
          },
          {
           "type": "null"
          }
         ]
        },
        "type": "array"
       }
      },
      "required": [
       "total_in_chart",
       "matched",
       "returned",
       "per_code",
       "since",
       "until",
       "loinc_codes",
       "codes"
      ],
      "type": "object"
     },
     "Patient": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "given_name": {
        "type": [
         "string",
         "null"
        ]
       },
       "family_name": {
        "type": [
         "string",
         "null"
        ]
       },
       "birth_date": {
        "type": [
         "string",
         "null"
        ]
       },
       "sex": {
        "type": [
         "string",
         "null"
        ]
       },
       "address_line": {
        "type": [
         "string",
         "null"
        ]
       },
       "city": {
        "type": [
         "string",
         "null"
        ]
       },
       "state": {
        "type": [
         "string",
         "null"
        ]
       },
       "postal_code": {
        "type": [
         "string",
         "null"
        ]
       },
       "phone": {
        "type": [
         "string",
         "null"
        ]
       },
       "preferred_language": {
        "type": [
         "string",
         "null"
        ]
       },
       "pcp_worker_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "domain": {
        "type": [
         "string",
         "null"
        ]
       },
       "age": {
        "type": [
         "integer",
         "null"
        ]
       },
       "pcp": {
        "anyOf": [
         {
          "$ref": "#/$defs/Pcp"
         },
         {
          "type": "null"
         }
        ]
       }
      },
      "required": [
       "id",
       "given_name",
       "family_name",
       "birth_date",
       "sex",
       "address_line",
       "city",
       "state",
       "postal_code",
       "phone",
       "preferred_language",
       "pcp_worker_id",
       "domain",
       "age",
       "pcp"
      ],
      "type": "object"
     },
     "Pcp": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "name": {
        "type": [
         "string",
         "null"
        ]
       },
       "role": {
        "type": [
         "string",
         "null"
        ]
       },
       "org_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "npi": {
        "type": [
         "string",
         "null"
        ]
       },
       "specialty": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "id",
       "name",
       "role",
       "org_id",
       "npi",
       "specialty"
      ],
      "type": "object"
     },
     "Referral": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "patient_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "date": {
        "type": [
         "string",
         "null"
        ]
       },
       "source": {
        "type": [
         "string",
         "null"
        ]
       },
       "referring_worker_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "reason": {
        "type": [
         "string",
         "null"
        ]
       },
       "diagnosis_codes": {
        "items": {
         "type": [
          "string",
          "null"
         ]
        },
        "type": "array"
       },
       "risk_score": {
        "type": [
         "number",
         "null"
        ]
       },
       "utilization_flags": {
        "items": {
         "type": [
          "string",
          "null"
         ]
        },
        "type": "array"
       },
       "suggested_program": {
        "type": [
         "string",
         "null"
        ]
       },
       "suggested_priority": {
        "type": [
         "string",
         "null"
        ]
       },
       "status": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "id",
       "patient_id",
       "date",
       "source",
       "referring_worker_id",
       "reason",
       "diagnosis_codes",
       "risk_score",
       "utilization_flags",
       "suggested_program",
       "suggested_priority",
       "status"
      ],
      "type": "object"
     },
     "ResultBudgetNote": {
      "description": "What the dispatcher's last-resort cut left out: ``omitted`` maps a path to what was kept of it.",
      "properties": {
       "limit": {
        "type": "integer"
       },
       "full_chars": {
        "type": "integer"
       },
       "omitted": {
        "additionalProperties": {
         "type": "string"
        },
        "type": "object"
       },
       "how": {
        "type": "string"
       }
      },
      "required": [
       "limit",
       "full_chars",
       "omitted",
       "how"
      ],
      "type": "object"
     }
    },
    "properties": {
     "result_budget": {
      "$ref": "#/$defs/ResultBudgetNote"
     },
     "more": {
      "additionalProperties": {
       "$ref": "#/$defs/MoreEntry"
      },
      "type": "object"
     },
     "more_hint": {
      "type": "string"
     },
     "section": {
      "type": "string"
     },
     "total": {
      "type": "integer"
     },
     "offset": {
      "type": "integer"
     },
     "limit": {
      "type": "integer"
     },
     "next_offset": {
      "type": [
       "integer",
       "null"
      ]
     },
     "page_note": {
      "type": "string"
     },
     "case": {
      "anyOf": [
       {
        "$ref": "#/$defs/Case"
       },
       {
        "type": "null"
       }
      ]
     },
     "referral": {
      "anyOf": [
       {
        "$ref": "#/$defs/Referral"
       },
       {
        "type": "null"
       }
      ]
     },
     "as_of": {
      "type": [
       "string",
       "null"
      ]
     },
     "patient": {
      "anyOf": [
       {
        "$ref": "#/$defs/Patient"
       },
       {
        "type": "null"
       }
      ]
     },
     "coverages": {
      "items": {
       "anyOf": [
        {
         "$ref": "#/$defs/Coverage"
        },
        {
         "type": "null"
        }
       ]
      },
      "type": "array"
     },
     "conditions": {
      "items": {
       "anyOf": [
        {
         "$ref": "#/$defs/Condition"
        },
        {
         "type": "null"
        }
       ]
      },
      "type": "array"
     },
     "encounters": {
      "items": {
       "anyOf": [
        {
         "$ref": "#/$defs/Encounter"
        },
        {
         "type": "null"
        }
       ]
      },
      "type": "array"
     },
     "observations": {
      "items": {
       "anyOf": [
        {
         "$ref": "#/$defs/Observation"
        },
        {
         "type": "null"
        }
       ]
      },
      "type": "array"
     },
     "observations_meta": {
      "anyOf": [
       {
        "$ref": "#/$defs/ObservationsMeta"
       },
       {
        "type": "null"
       }
      ]
     },
     "medications": {
      "items": {
       "anyOf": [
        {
         "$ref": "#/$defs/Medication5"
        },
        {
         "type": "null"
        }
       ]
      },
      "type": "array"
     },
     "procedures": {
      "items": {
       "$ref": "#/$defs/JsonValue"
      },
      "type": "array"
     },
     "allergies": {
      "items": {
       "anyOf": [
        {
         "$ref": "#/$defs/Allergy"
        },
        {
         "type": "null"
        }
       ]
      },
      "type": "array"
     },
     "documents": {
      "items": {
       "anyOf": [
        {
         "$ref": "#/$defs/Document"
        },
        {
         "type": "null"
        }
       ]
      },
      "type": "array"
     },
     "case_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "document_bodies": {
      "items": {
       "anyOf": [
        {
         "$ref": "#/$defs/DocumentBody"
        },
        {
         "type": "null"
        }
       ]
      },
      "type": "array"
     }
    },
    "required": [
     "as_of"
    ],
    "type": "object"
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
    "$defs": {
     "EvidenceItem": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "type": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "id",
       "type"
      ],
      "type": "object"
     },
     "ResultBudgetNote": {
      "description": "What the dispatcher's last-resort cut left out: ``omitted`` maps a path to what was kept of it.",
      "properties": {
       "limit": {
        "type": "integer"
       },
       "full_chars": {
        "type": "integer"
       },
       "omitted": {
        "additionalProperties": {
         "type": "string"
        },
        "type": "object"
       },
       "how": {
        "type": "string"
       }
      },
      "required": [
       "limit",
       "full_chars",
       "omitted",
       "how"
      ],
      "type": "object"
     }
    },
    "properties": {
     "result_budget": {
      "$ref": "#/$defs/ResultBudgetNote"
     },
     "id": {
      "type": [
       "string",
       "null"
      ]
     },
     "cm_case_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "reviewer_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "primary_concerns": {
      "items": {
       "type": [
        "string",
        "null"
       ]
      },
      "type": "array"
     },
     "coordination_risks": {
      "items": {
       "type": [
        "string",
        "null"
       ]
      },
      "type": "array"
     },
     "suspected_barriers": {
      "items": {
       "type": [
        "string",
        "null"
       ]
      },
      "type": "array"
     },
     "preliminary_risk_level": {
      "type": [
       "string",
       "null"
      ]
     },
     "key_findings": {
      "type": [
       "string",
       "null"
      ]
     },
     "clarification_needed": {
      "items": {
       "type": [
        "string",
        "null"
       ]
      },
      "type": "array"
     },
     "evidence": {
      "items": {
       "anyOf": [
        {
         "$ref": "#/$defs/EvidenceItem"
        },
        {
         "type": "null"
        }
       ]
      },
      "type": "array"
     },
     "submitted_at": {
      "type": [
       "string",
       "null"
      ]
     }
    },
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
    ],
    "type": "object"
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
    "$defs": {
     "ResultBudgetNote": {
      "description": "What the dispatcher's last-resort cut left out: ``omitted`` maps a path to what was kept of it.",
      "properties": {
       "limit": {
        "type": "integer"
       },
       "full_chars": {
        "type": "integer"
       },
       "omitted": {
        "additionalProperties": {
         "type": "string"
        },
        "type": "object"
       },
       "how": {
        "type": "string"
       }
      },
      "required": [
       "limit",
       "full_chars",
       "omitted",
       "how"
      ],
      "type": "object"
     }
    },
    "properties": {
     "result_budget": {
      "$ref": "#/$defs/ResultBudgetNote"
     },
     "id": {
      "type": [
       "string",
       "null"
      ]
     },
     "referral_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "patient_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "status": {
      "type": [
       "string",
       "null"
      ]
     },
     "program": {
      "type": [
       "string",
       "null"
      ]
     },
     "priority": {
      "type": [
       "string",
       "null"
      ]
     },
     "risk_level": {
      "type": [
       "string",
       "null"
      ]
     },
     "assigned_to": {
      "type": [
       "string",
       "null"
      ]
     },
     "opened_at": {
      "type": [
       "string",
       "null"
      ]
     },
     "closed_at": {
      "type": [
       "string",
       "null"
      ]
     },
     "disenroll_reason": {
      "type": [
       "string",
       "null"
      ]
     },
     "disenroll_note": {
      "type": [
       "string",
       "null"
      ]
     }
    },
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
    ],
    "type": "object"
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
    "$defs": {
     "ActiveOn": {
      "properties": {
       "date": {
        "type": [
         "string",
         "null"
        ]
       },
       "active": {
        "type": [
         "boolean",
         "null"
        ]
       }
      },
      "required": [
       "date",
       "active"
      ],
      "type": "object"
     },
     "Address": {
      "properties": {
       "line": {
        "type": [
         "string",
         "null"
        ]
       },
       "city": {
        "type": [
         "string",
         "null"
        ]
       },
       "state": {
        "type": [
         "string",
         "null"
        ]
       },
       "postal_code": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "line",
       "city",
       "state",
       "postal_code"
      ],
      "type": "object"
     },
     "Coverage": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "patient_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "plan_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "member_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "group_number": {
        "type": [
         "string",
         "null"
        ]
       },
       "status": {
        "type": [
         "string",
         "null"
        ]
       },
       "effective_date": {
        "type": [
         "string",
         "null"
        ]
       },
       "termination_date": {
        "$ref": "#/$defs/JsonValue"
       },
       "plan_name": {
        "type": [
         "string",
         "null"
        ]
       },
       "line_of_business": {
        "type": [
         "string",
         "null"
        ]
       },
       "product": {
        "type": [
         "string",
         "null"
        ]
       },
       "plan_state": {
        "type": [
         "string",
         "null"
        ]
       },
       "active_on": {
        "anyOf": [
         {
          "$ref": "#/$defs/ActiveOn"
         },
         {
          "type": "null"
         }
        ]
       }
      },
      "required": [
       "id",
       "patient_id",
       "plan_id",
       "member_id",
       "group_number",
       "status",
       "effective_date",
       "termination_date",
       "plan_name",
       "line_of_business",
       "product",
       "plan_state",
       "active_on"
      ],
      "type": "object"
     },
     "Diagnos": {
      "properties": {
       "code": {
        "type": [
         "string",
         "null"
        ]
       },
       "display": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "code",
       "display"
      ],
      "type": "object"
     },
     "JsonValue": {},
     "Patient2": {
      "properties": {
       "patient_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "name": {
        "type": [
         "string",
         "null"
        ]
       },
       "given_name": {
        "type": [
         "string",
         "null"
        ]
       },
       "family_name": {
        "type": [
         "string",
         "null"
        ]
       },
       "birth_date": {
        "type": [
         "string",
         "null"
        ]
       },
       "age": {
        "type": [
         "integer",
         "null"
        ]
       },
       "sex": {
        "type": [
         "string",
         "null"
        ]
       },
       "phone": {
        "type": [
         "string",
         "null"
        ]
       },
       "preferred_language": {
        "type": [
         "string",
         "null"
        ]
       },
       "address": {
        "anyOf": [
         {
          "$ref": "#/$defs/Address"
         },
         {
          "type": "null"
         }
        ]
       },
       "pcp": {
        "anyOf": [
         {
          "$ref": "#/$defs/Pcp"
         },
         {
          "type": "null"
         }
        ]
       }
      },
      "required": [
       "patient_id",
       "name",
       "given_name",
       "family_name",
       "birth_date",
       "age",
       "sex",
       "phone",
       "preferred_language",
       "address",
       "pcp"
      ],
      "type": "object"
     },
     "Pcp": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "name": {
        "type": [
         "string",
         "null"
        ]
       },
       "role": {
        "type": [
         "string",
         "null"
        ]
       },
       "org_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "npi": {
        "type": [
         "string",
         "null"
        ]
       },
       "specialty": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "id",
       "name",
       "role",
       "org_id",
       "npi",
       "specialty"
      ],
      "type": "object"
     },
     "ResultBudgetNote": {
      "description": "What the dispatcher's last-resort cut left out: ``omitted`` maps a path to what was kept of it.",
      "properties": {
       "limit": {
        "type": "integer"
       },
       "full_chars": {
        "type": "integer"
       },
       "omitted": {
        "additionalProperties": {
         "type": "string"
        },
        "type": "object"
       },
       "how": {
        "type": "string"
       }
      },
      "required": [
       "limit",
       "full_chars",
       "omitted",
       "how"
      ],
      "type": "object"
     },
     "RiskFlags": {
      "properties": {
       "risk_score": {
        "type": [
         "number",
         "null"
        ]
       },
       "utilization_flags": {
        "items": {
         "type": [
          "string",
          "null"
         ]
        },
        "type": "array"
       }
      },
      "required": [
       "risk_score",
       "utilization_flags"
      ],
      "type": "object"
     }
    },
    "properties": {
     "result_budget": {
      "$ref": "#/$defs/ResultBudgetNote"
     },
     "id": {
      "type": [
       "string",
       "null"
      ]
     },
     "patient_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "date": {
      "type": [
       "string",
       "null"
      ]
     },
     "source": {
      "type": [
       "string",
       "null"
      ]
     },
     "referring_worker_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "reason": {
      "type": [
       "string",
       "null"
      ]
     },
     "diagnosis_codes": {
      "items": {
       "type": [
        "string",
        "null"
       ]
      },
      "type": "array"
     },
     "risk_score": {
      "type": [
       "number",
       "null"
      ]
     },
     "utilization_flags": {
      "items": {
       "type": [
        "string",
        "null"
       ]
      },
      "type": "array"
     },
     "suggested_program": {
      "type": [
       "string",
       "null"
      ]
     },
     "suggested_priority": {
      "type": [
       "string",
       "null"
      ]
     },
     "status": {
      "type": [
       "string",
       "null"
      ]
     },
     "patient": {
      "anyOf": [
       {
        "$ref": "#/$defs/Patient2"
       },
       {
        "type": "null"
       }
      ]
     },
     "case_id": {
      "$ref": "#/$defs/JsonValue"
     },
     "diagnoses": {
      "items": {
       "anyOf": [
        {
         "$ref": "#/$defs/Diagnos"
        },
        {
         "type": "null"
        }
       ]
      },
      "type": "array"
     },
     "risk_flags": {
      "anyOf": [
       {
        "$ref": "#/$defs/RiskFlags"
       },
       {
        "type": "null"
       }
      ]
     },
     "coverages": {
      "items": {
       "anyOf": [
        {
         "$ref": "#/$defs/Coverage"
        },
        {
         "type": "null"
        }
       ]
      },
      "type": "array"
     },
     "referring_worker": {
      "anyOf": [
       {
        "$ref": "#/$defs/Pcp"
       },
       {
        "type": "null"
       }
      ]
     }
    },
    "required": [
     "id",
     "patient_id",
     "date",
     "source",
     "referring_worker_id",
     "reason",
     "diagnosis_codes",
     "risk_score",
     "utilization_flags",
     "suggested_program",
     "suggested_priority",
     "status",
     "patient",
     "case_id",
     "diagnoses",
     "risk_flags",
     "coverages",
     "referring_worker"
    ],
    "type": "object"
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
    "$defs": {
     "JsonValue": {},
     "Patient3": {
      "properties": {
       "name": {
        "type": [
         "string",
         "null"
        ]
       },
       "birth_date": {
        "type": [
         "string",
         "null"
        ]
       },
       "age": {
        "type": [
         "integer",
         "null"
        ]
       },
       "sex": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "name",
       "birth_date",
       "age",
       "sex"
      ],
      "type": "object"
     },
     "Referral2": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "patient_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "date": {
        "type": [
         "string",
         "null"
        ]
       },
       "source": {
        "type": [
         "string",
         "null"
        ]
       },
       "status": {
        "type": [
         "string",
         "null"
        ]
       },
       "suggested_program": {
        "type": [
         "string",
         "null"
        ]
       },
       "suggested_priority": {
        "type": [
         "string",
         "null"
        ]
       },
       "risk_score": {
        "type": [
         "number",
         "null"
        ]
       },
       "diagnosis_codes": {
        "items": {
         "type": [
          "string",
          "null"
         ]
        },
        "type": "array"
       },
       "case_id": {
        "$ref": "#/$defs/JsonValue"
       },
       "patient": {
        "anyOf": [
         {
          "$ref": "#/$defs/Patient3"
         },
         {
          "type": "null"
         }
        ]
       }
      },
      "required": [
       "id",
       "patient_id",
       "date",
       "source",
       "status",
       "suggested_program",
       "suggested_priority",
       "risk_score",
       "diagnosis_codes",
       "case_id",
       "patient"
      ],
      "type": "object"
     },
     "ResultBudgetNote": {
      "description": "What the dispatcher's last-resort cut left out: ``omitted`` maps a path to what was kept of it.",
      "properties": {
       "limit": {
        "type": "integer"
       },
       "full_chars": {
        "type": "integer"
       },
       "omitted": {
        "additionalProperties": {
         "type": "string"
        },
        "type": "object"
       },
       "how": {
        "type": "string"
       }
      },
      "required": [
       "limit",
       "full_chars",
       "omitted",
       "how"
      ],
      "type": "object"
     }
    },
    "properties": {
     "result_budget": {
      "$ref": "#/$defs/ResultBudgetNote"
     },
     "total": {
      "type": "integer"
     },
     "offset": {
      "type": "integer"
     },
     "limit": {
      "type": "integer"
     },
     "next_offset": {
      "type": [
       "integer",
       "null"
      ]
     },
     "page_note": {
      "type": "string"
     },
     "referrals": {
      "items": {
       "anyOf": [
        {
         "$ref": "#/$defs/Referral2"
        },
        {
         "type": "null"
        }
       ]
      },
      "type": "array"
     }
    },
    "required": [
     "total",
     "offset",
     "limit",
     "next_offset",
     "referrals"
    ],
    "type": "object"
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
    "$defs": {
     "Case": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "referral_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "patient_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "status": {
        "type": [
         "string",
         "null"
        ]
       },
       "program": {
        "type": [
         "string",
         "null"
        ]
       },
       "priority": {
        "type": [
         "string",
         "null"
        ]
       },
       "risk_level": {
        "$ref": "#/$defs/JsonValue"
       },
       "assigned_to": {
        "type": [
         "string",
         "null"
        ]
       },
       "opened_at": {
        "type": [
         "string",
         "null"
        ]
       },
       "closed_at": {
        "$ref": "#/$defs/JsonValue"
       },
       "disenroll_reason": {
        "$ref": "#/$defs/JsonValue"
       },
       "disenroll_note": {
        "$ref": "#/$defs/JsonValue"
       }
      },
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
      ],
      "type": "object"
     },
     "JsonValue": {},
     "Referral": {
      "properties": {
       "id": {
        "type": [
         "string",
         "null"
        ]
       },
       "patient_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "date": {
        "type": [
         "string",
         "null"
        ]
       },
       "source": {
        "type": [
         "string",
         "null"
        ]
       },
       "referring_worker_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "reason": {
        "type": [
         "string",
         "null"
        ]
       },
       "diagnosis_codes": {
        "items": {
         "type": [
          "string",
          "null"
         ]
        },
        "type": "array"
       },
       "risk_score": {
        "type": [
         "number",
         "null"
        ]
       },
       "utilization_flags": {
        "items": {
         "type": [
          "string",
          "null"
         ]
        },
        "type": "array"
       },
       "suggested_program": {
        "type": [
         "string",
         "null"
        ]
       },
       "suggested_priority": {
        "type": [
         "string",
         "null"
        ]
       },
       "status": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "id",
       "patient_id",
       "date",
       "source",
       "referring_worker_id",
       "reason",
       "diagnosis_codes",
       "risk_score",
       "utilization_flags",
       "suggested_program",
       "suggested_priority",
       "status"
      ],
      "type": "object"
     },
     "ResultBudgetNote": {
      "description": "What the dispatcher's last-resort cut left out: ``omitted`` maps a path to what was kept of it.",
      "properties": {
       "limit": {
        "type": "integer"
       },
       "full_chars": {
        "type": "integer"
       },
       "omitted": {
        "additionalProperties": {
         "type": "string"
        },
        "type": "object"
       },
       "how": {
        "type": "string"
       }
      },
      "required": [
       "limit",
       "full_chars",
       "omitted",
       "how"
      ],
      "type": "object"
     }
    },
    "properties": {
     "result_budget": {
      "$ref": "#/$defs/ResultBudgetNote"
     },
     "case": {
      "anyOf": [
       {
        "$ref": "#/$defs/Case"
       },
       {
        "type": "null"
       }
      ]
     },
     "referral": {
      "anyOf": [
       {
        "$ref": "#/$defs/Referral"
       },
       {
        "type": "null"
       }
      ]
     }
    },
    "required": [
     "case",
     "referral"
    ],
    "type": "object"
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
    "$defs": {
     "ResultBudgetNote": {
      "description": "What the dispatcher's last-resort cut left out: ``omitted`` maps a path to what was kept of it.",
      "properties": {
       "limit": {
        "type": "integer"
       },
       "full_chars": {
        "type": "integer"
       },
       "omitted": {
        "additionalProperties": {
         "type": "string"
        },
        "type": "object"
       },
       "how": {
        "type": "string"
       }
      },
      "required": [
       "limit",
       "full_chars",
       "omitted",
       "how"
      ],
      "type": "object"
     },
     "Session": {
      "properties": {
       "session_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "case_id": {
        "type": [
         "string",
         "null"
        ]
       },
       "status": {
        "type": [
         "string",
         "null"
        ]
       },
       "end_reason": {
        "type": [
         "string",
         "null"
        ]
       },
       "turn_budget": {
        "type": [
         "integer",
         "null"
        ]
       },
       "turns_used": {
        "type": [
         "integer",
         "null"
        ]
       },
       "turns_left": {
        "type": [
         "integer",
         "null"
        ]
       },
       "backend": {
        "type": [
         "string",
         "null"
        ]
       },
       "started_at": {
        "type": [
         "string",
         "null"
        ]
       },
       "ended_at": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "session_id",
       "case_id",
       "status",
       "end_reason",
       "turn_budget",
       "turns_used",
       "turns_left",
       "backend",
       "started_at",
       "ended_at"
      ],
      "type": "object"
     }
    },
    "properties": {
     "result_budget": {
      "$ref": "#/$defs/ResultBudgetNote"
     },
     "id": {
      "type": [
       "string",
       "null"
      ]
     },
     "session_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "cm_case_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "engagement_status": {
      "type": [
       "string",
       "null"
      ]
     },
     "consent_obtained": {
      "type": [
       "boolean",
       "null"
      ]
     },
     "key_takeaways": {
      "items": {
       "type": [
        "string",
        "null"
       ]
      },
      "type": "array"
     },
     "patient_concerns": {
      "items": {
       "type": [
        "string",
        "null"
       ]
      },
      "type": "array"
     },
     "next_steps": {
      "items": {
       "type": [
        "string",
        "null"
       ]
      },
      "type": "array"
     },
     "preferred_contact": {
      "type": [
       "string",
       "null"
      ]
     },
     "notes": {
      "type": [
       "string",
       "null"
      ]
     },
     "recorded_by": {
      "type": [
       "string",
       "null"
      ]
     },
     "recorded_at": {
      "type": [
       "string",
       "null"
      ]
     },
     "member_words": {
      "type": [
       "string",
       "null"
      ]
     },
     "preferred_language": {
      "type": [
       "string",
       "null"
      ]
     },
     "consent_turn": {
      "type": [
       "integer",
       "null"
      ]
     },
     "case_status": {
      "type": [
       "string",
       "null"
      ]
     },
     "session": {
      "anyOf": [
       {
        "$ref": "#/$defs/Session"
       },
       {
        "type": "null"
       }
      ]
     }
    },
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
    ],
    "type": "object"
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
    "$defs": {
     "Message": {
      "properties": {
       "turn_number": {
        "type": [
         "integer",
         "null"
        ]
       },
       "role": {
        "type": [
         "string",
         "null"
        ]
       },
       "content": {
        "type": [
         "string",
         "null"
        ]
       },
       "timestamp": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "turn_number",
       "role",
       "content",
       "timestamp"
      ],
      "type": "object"
     },
     "ResultBudgetNote": {
      "description": "What the dispatcher's last-resort cut left out: ``omitted`` maps a path to what was kept of it.",
      "properties": {
       "limit": {
        "type": "integer"
       },
       "full_chars": {
        "type": "integer"
       },
       "omitted": {
        "additionalProperties": {
         "type": "string"
        },
        "type": "object"
       },
       "how": {
        "type": "string"
       }
      },
      "required": [
       "limit",
       "full_chars",
       "omitted",
       "how"
      ],
      "type": "object"
     }
    },
    "properties": {
     "result_budget": {
      "$ref": "#/$defs/ResultBudgetNote"
     },
     "total": {
      "type": "integer"
     },
     "offset": {
      "type": "integer"
     },
     "limit": {
      "type": "integer"
     },
     "next_offset": {
      "type": [
       "integer",
       "null"
      ]
     },
     "page_note": {
      "type": "string"
     },
     "session_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "case_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "status": {
      "type": [
       "string",
       "null"
      ]
     },
     "end_reason": {
      "type": [
       "string",
       "null"
      ]
     },
     "turn_budget": {
      "type": [
       "integer",
       "null"
      ]
     },
     "turns_used": {
      "type": [
       "integer",
       "null"
      ]
     },
     "turns_left": {
      "type": [
       "integer",
       "null"
      ]
     },
     "backend": {
      "type": [
       "string",
       "null"
      ]
     },
     "started_at": {
      "type": [
       "string",
       "null"
      ]
     },
     "ended_at": {
      "type": [
       "string",
       "null"
      ]
     },
     "messages": {
      "items": {
       "anyOf": [
        {
         "$ref": "#/$defs/Message"
        },
        {
         "type": "null"
        }
       ]
      },
      "type": "array"
     }
    },
    "required": [
     "total",
     "offset",
     "limit",
     "next_offset",
     "session_id",
     "case_id",
     "status",
     "end_reason",
     "turn_budget",
     "turns_used",
     "turns_left",
     "backend",
     "started_at",
     "ended_at",
     "messages"
    ],
    "type": "object"
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
    "$defs": {
     "JsonValue": {},
     "ResultBudgetNote": {
      "description": "What the dispatcher's last-resort cut left out: ``omitted`` maps a path to what was kept of it.",
      "properties": {
       "limit": {
        "type": "integer"
       },
       "full_chars": {
        "type": "integer"
       },
       "omitted": {
        "additionalProperties": {
         "type": "string"
        },
        "type": "object"
       },
       "how": {
        "type": "string"
       }
      },
      "required": [
       "limit",
       "full_chars",
       "omitted",
       "how"
      ],
      "type": "object"
     }
    },
    "properties": {
     "result_budget": {
      "$ref": "#/$defs/ResultBudgetNote"
     },
     "session_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "turn_number": {
      "type": [
       "integer",
       "null"
      ]
     },
     "patient_response": {
      "type": [
       "string",
       "null"
      ]
     },
     "session_status": {
      "type": [
       "string",
       "null"
      ]
     },
     "stopped": {
      "type": [
       "boolean",
       "null"
      ]
     },
     "end_reason": {
      "type": [
       "string",
       "null"
      ]
     },
     "turns_used": {
      "type": [
       "integer",
       "null"
      ]
     },
     "turn_budget": {
      "type": [
       "integer",
       "null"
      ]
     },
     "turns_left": {
      "type": [
       "integer",
       "null"
      ]
     },
     "backend": {
      "type": [
       "string",
       "null"
      ]
     },
     "token_usage": {
      "$ref": "#/$defs/JsonValue"
     }
    },
    "required": [
     "session_id",
     "turn_number",
     "patient_response",
     "session_status",
     "stopped",
     "end_reason",
     "turns_used",
     "turn_budget",
     "turns_left",
     "backend",
     "token_usage"
    ],
    "type": "object"
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
    "$defs": {
     "JsonValue": {},
     "Message": {
      "properties": {
       "turn_number": {
        "type": [
         "integer",
         "null"
        ]
       },
       "role": {
        "type": [
         "string",
         "null"
        ]
       },
       "content": {
        "type": [
         "string",
         "null"
        ]
       },
       "timestamp": {
        "type": [
         "string",
         "null"
        ]
       }
      },
      "required": [
       "turn_number",
       "role",
       "content",
       "timestamp"
      ],
      "type": "object"
     },
     "ResultBudgetNote": {
      "description": "What the dispatcher's last-resort cut left out: ``omitted`` maps a path to what was kept of it.",
      "properties": {
       "limit": {
        "type": "integer"
       },
       "full_chars": {
        "type": "integer"
       },
       "omitted": {
        "additionalProperties": {
         "type": "string"
        },
        "type": "object"
       },
       "how": {
        "type": "string"
       }
      },
      "required": [
       "limit",
       "full_chars",
       "omitted",
       "how"
      ],
      "type": "object"
     }
    },
    "properties": {
     "result_budget": {
      "$ref": "#/$defs/ResultBudgetNote"
     },
     "session_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "case_id": {
      "type": [
       "string",
       "null"
      ]
     },
     "status": {
      "type": [
       "string",
       "null"
      ]
     },
     "end_reason": {
      "$ref": "#/$defs/JsonValue"
     },
     "turn_budget": {
      "type": [
       "integer",
       "null"
      ]
     },
     "turns_used": {
      "type": [
       "integer",
       "null"
      ]
     },
     "turns_left": {
      "type": [
       "integer",
       "null"
      ]
     },
     "backend": {
      "type": [
       "string",
       "null"
      ]
     },
     "started_at": {
      "type": [
       "string",
       "null"
      ]
     },
     "ended_at": {
      "$ref": "#/$defs/JsonValue"
     },
     "patient_response": {
      "type": [
       "string",
       "null"
      ]
     },
     "messages": {
      "items": {
       "anyOf": [
        {
         "$ref": "#/$defs/Message"
        },
        {
         "type": "null"
        }
       ]
      },
      "type": "array"
     }
    },
    "required": [
     "session_id",
     "case_id",
     "status",
     "end_reason",
     "turn_budget",
     "turns_used",
     "turns_left",
     "backend",
     "started_at",
     "ended_at",
     "patient_response",
     "messages"
    ],
    "type": "object"
   },
   "readOnlyHint": false
  }
 ]
}'''
