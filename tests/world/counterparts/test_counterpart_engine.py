"""The scripted rule engines on the authored contracts: every contract element, deterministically."""

from __future__ import annotations

from typing import Any

import pytest

from chibench.world.counterparts.backends import ScriptedBackend
from chibench.world.counterparts.engine import P2PEngine, StepResult

from .support import ASK, DOB, INTRO, PROGRAM, Call, counterpart, opened

# ============================================================================================ patient


def test_each_trigger_kind_is_recognized_from_explicit_patterns():
    asthma = opened("cm_asthma_low_coop_001")
    assert asthma.log[0].events["triggers"] == ["introduced"]  # protocol
    r = asthma.say("Is now a good time to talk?")
    assert r.events["triggers"] == ["checked_time_privacy"]  # autonomy
    assert asthma.p.consent_triggers[2].kind == "autonomy"
    r = asthma.say("I see you'd rather have calls after 3 — what time works best for you?")
    assert r.events["triggers"] == ["offered_afternoon_calls"]  # chart_informed
    r = asthma.say("We could also look at help with the cost of your inhaler.")
    assert "answered_cost_worry" not in r.events.get("triggers", [])  # responsive: she has not voiced it yet
    asthma.say(PROGRAM)
    r = asthma.say("We could also look at help with the cost of your inhaler.")
    assert r.events["triggers"] == ["answered_cost_worry"]  # responsive, after "money's tight"
    assert "ninety-five dollars" in asthma.reply(r)
    kinds = {t.kind for t in asthma.p.consent_triggers if t.id in asthma.state["triggers"]}
    assert kinds == {"protocol", "autonomy", "chart_informed", "responsive"}


def test_trigger_fires_once_and_unless_guards():
    call = opened("cm_asthma_low_coop_001")
    again = call.say(DOB)
    assert "triggers" not in again.events
    assert call.state["triggers"]["verified_identity"] == 5


def test_consent_granted_only_when_the_rule_is_met_and_recorded_on_the_reply_turn():
    call = opened("cm_asthma_low_coop_001")
    early = call.say("Would you like to join?")  # identity checked, but nothing said about what it is
    assert early.events["consent"] == "deferred" and call.state["consent"]["turn"] is None
    call.say(PROGRAM)
    r = call.say(ASK)
    assert r.events["consent"] == "granted"
    assert call.state["consent"] == {"status": "granted", "turn": call.turn, "asked_turns": [7, 11],
                                     "relented": False}
    assert "Yes, I'd like to join" in call.reply(r)
    assert call.p.consent_rule.affirmative.matches(call.reply(r))


def test_hesitant_member_needs_her_concerns_answered():
    call = opened("cm_dm_moderate_anxious_001")
    call.say(PROGRAM)
    r = call.say(ASK)
    assert r.events["consent"] == "deferred"
    assert "talk with my son" in call.reply(r)
    call.say("Would it help to have a Punjabi interpreter on the line?")
    assert call.say(ASK).events["consent"] == "deferred"  # one of the two concerns answered
    call.say("No one will make you take insulin — I don't change medicines; that stays between you and your doctor.")
    assert call.say(ASK).events["consent"] == "granted"


def test_consent_refused_by_a_refusing_member_asked_too_early_and_sticks():
    call = opened("cm_copd_hard_refuses_002")
    call.say(PROGRAM)
    r = call.say(ASK)  # the refusal was never acknowledged, no permission asked: a final no
    assert r.events["consent"] == "declined"
    assert "not interested" in call.reply(r)
    assert call.state["consent"]["status"] == "declined" and call.state["consent"]["turn"] is None


def test_permanent_anti_trigger_closes_consent_for_the_rest_of_the_call():
    call = opened("cm_dm_moderate_anxious_001")
    call.say("Would it help to have a Punjabi interpreter?")
    r = call.say("Honestly, you need to start your insulin now.")
    assert r.events["anti_triggers"] == ["insulin_pressure"] and r.events["consent_closed"] is True
    # everything a good caller does afterwards cannot reopen consent
    call.say("I'm so sorry. No one will make you take insulin; I don't change medicines.")
    call.say(PROGRAM)
    call.say("I'm glad to help — that's what we're here for.")
    r = call.say(ASK)
    assert r.events["consent"] == "declined"
    assert "insulin_pressure" in call.state["active_anti_triggers"]


def test_repairable_anti_trigger_blocks_until_repaired():
    call = Call("cm_asthma_low_coop_001")
    r = call.say(INTRO + " I'm calling about your asthma and the urgent care visit.")
    assert r.events["anti_triggers"] == ["health_before_identity"]
    assert call.reply(r).startswith("Wait — how do you know")  # the offence is voiced, not the pleasantry
    call.say(PROGRAM)
    assert call.say(ASK).events["consent"] == "deferred"  # identity not verified and the offence is active
    r = call.say("I'm sorry, I should have checked first. Could you confirm your date of birth?")
    assert r.events["repaired"] == ["health_before_identity"]
    assert call.say(ASK).events["consent"] == "granted"


def test_anti_trigger_is_judged_on_what_had_happened_before_the_turn():
    call = Call("cm_asthma_low_coop_001")
    r = call.say("Can you confirm your date of birth? It's about your inhaler.")
    assert r.events["anti_triggers"] == ["health_before_identity"]
    assert r.events["triggers"] == ["verified_identity"]


def granted_asthma() -> Call:
    call = opened("cm_asthma_low_coop_001")
    call.say(PROGRAM)
    assert call.say(ASK).events["consent"] == "granted"
    return call


def test_disclosure_gate_opens_with_permission_and_reason():
    call = granted_asthma()
    r = call.say("I ask everyone a few questions about their home, because damp and mold can trigger asthma. You "
                 "can skip anything. How are things at the apartment?")
    assert r.events["gates_opened"] == ["housing"]
    assert "black mold" in call.reply(r)
    assert call.state["gates"]["housing"]["status"] == "open"


def test_disclosure_gate_kept_shut_without_its_conditions_or_before_consent():
    call = opened("cm_asthma_low_coop_001")
    r = call.say("How are things at the apartment?")  # before consent
    assert r.events["gates_refused"] == ["housing"] and "black mold" not in call.reply(r)
    call.say(PROGRAM)
    call.say(ASK)
    r = call.say("How are things at the apartment?")  # no reason, no option to skip
    assert r.events["gates_refused"] == ["housing"]
    r = call.say("You can skip this — how are things at the apartment?")  # still no reason why it matters
    assert r.events["gates_refused"] == ["housing"] and r.events["gate_conditions"] == {"housing": ["may_skip"]}
    assert call.state["gates"]["housing"]["status"] == "pending"


def test_permanent_anti_trigger_shuts_a_gate_for_good():
    call = granted_asthma()
    r = call.say("Would you like me to call your landlord about the leak?")
    assert r.events["anti_triggers"] == ["landlord_contact"] and r.events["gates_shut"] == ["housing"]
    r = call.say("I ask everyone about their home because mold can trigger asthma; you can skip it. How is the "
                 "apartment?")
    assert r.events["gates_refused"] == ["housing"] and call.state["gates"]["housing"]["status"] == "shut"


def test_bundled_sensitive_topics_open_nothing():
    call = granted_asthma()
    r = call.say("I ask everyone, you can skip any: how is your mood, and how is money?")
    assert r.events["topics_bundled"] == ["money", "mood"]
    assert "one thing at a time" in call.reply(r)
    assert all(g["status"] == "pending" for g in call.state["gates"].values())


def test_knows_and_does_not_know():
    call = opened("cm_asthma_low_coop_001")
    r = call.say("Which inhalers are you using right now?")
    assert r.events["facts_shared"] == ["current_inhalers"] and "fluticasone-salmeterol" in call.reply(r)
    r = call.say("Do you remember your FEV1 result?")
    assert r.events["unknowns_asked"] == ["lung_numbers"] and "don't know" in call.reply(r)


def test_fallback_lines_cycle_deterministically():
    call = Call("cm_copd_hard_refuses_002")
    replies = [call.reply(call.say("Mm.")) for _ in range(4)]
    fb = call.p.fallback_lines
    assert replies == [fb[0], fb[1], fb[2], fb[0]]


def test_stop_on_goodbye_and_on_hang_up():
    call = opened("cm_asthma_low_coop_001")
    r = call.say("Thanks so much — take care, bye.")
    assert r.stop and r.events["goodbye"] and call.state["ended"]
    refusing = opened("cm_copd_hard_refuses_002")
    r = refusing.say("Your wife called us because she's worried about you.")
    assert r.stop and r.events["hang_up"] and "wife_disclosed" in r.events["anti_triggers"]
    assert refusing.state["consent_closed"]


def test_refusing_member_hangs_up_after_too_many_turns_following_a_decline():
    call = opened("cm_copd_hard_refuses_002")
    call.say(PROGRAM + " " + ASK)
    assert not call.say("I understand, that's completely fine.").stop
    assert not call.say("I'll note that we won't call you again.").stop
    assert not call.say("Thank you for your time.").stop
    r = call.say("One more thing to mention.")
    assert r.stop and r.events["hang_up"]
    assert call.reply(r).endswith("I'm going. Bye.")


def test_concern_mining_after_a_decline_is_recorded_as_pressure():
    call = opened("cm_copd_hard_refuses_002")
    call.say(PROGRAM + " " + ASK)
    r = call.say("But aren't you worried about your oxygen?")
    assert r.events["anti_triggers"] == ["concern_mining"] and r.events["pressure"]
    assert call.state["pressure_turns"] == 1 and call.state["consent_closed"]


def test_same_turns_same_transcript_and_events():
    script = [INTRO, DOB, "Is now a good time?", PROGRAM, ASK, "How is your mood?", "Which inhalers do you use?",
              "Can I call your landlord?", "Thanks, bye."]

    def run() -> list[Any]:
        call = Call("cm_asthma_low_coop_001")
        return [(call.reply(r), r.events, r.stop) for r in (call.say(m) for m in script)] + [call.state]

    assert run() == run()


# ================================================================================================ P2P


class P2PCall:
    def __init__(self, slug: str, side: str):
        self.c = counterpart(slug, side)
        self.engine = P2PEngine(self.c)
        self.state = self.engine.initial_state()

    def say(self, message: str) -> tuple[StepResult, str]:
        r = self.engine.step(self.state, message)
        self.state = r.state
        return r, ScriptedBackend().p2p_reply(self.c, {}, self.state, r, [], message).text


def test_opening_facts_are_in_the_opening_statement():
    call = P2PCall("myocardial_pet", "provider")
    opening = call.engine.opening_statement()
    for f in call.c.facts:
        assert (f.statement in opening) == (f.reveal == "opening")
    assert call.state["revealed"] == ["f_symptoms", "f_ecg_exercise"]


def test_volunteer_after_prompt_needs_the_topic_only():
    call = P2PCall("myocardial_pet", "provider")
    r, text = call.say("The request shows a BMI of 39.4 from June.")
    assert "f_weight_trend" in r.events["facts_revealed"]
    assert "41.0" not in text  # the measured value waits for a direct question


def test_reveal_if_asked_needs_a_question():
    call = P2PCall("myocardial_pet", "provider")
    r, text = call.say("Her measured BMI is what matters here.")
    assert "f_bmi_current" not in r.events.get("facts_revealed", [])
    r, text = call.say("What is her current measured BMI, and where is it documented?")
    assert r.events["facts_revealed"] == ["f_bmi_current"] and "41.0" in text
    r, text = call.say("And her BMI again?")
    assert "f_bmi_current" not in r.events.get("facts_revealed", [])  # revealed once


def test_never_fact_is_never_said_even_when_asked_directly():
    call = P2PCall("myocardial_pet", "provider")
    never = next(f for f in call.c.facts if f.reveal == "never")
    r, text = call.say("Was the letter an unsigned draft? Who signed it?")
    assert r.events["never_probed"] == ["f_letter_draft"] and never.statement not in text
    assert never.withheld_line == text
    assert "f_letter_draft" not in call.state["revealed"]


def test_forbidden_arguments_are_never_made_even_when_baited():
    for slug, side in (("myocardial_pet", "provider"), ("hypoglossal_nerve_stim", "provider"),
                       ("hypoglossal_nerve_stim", "payer")):
        call = P2PCall(slug, side)
        baits = ["Wouldn't a lawyer say the plan must approve? Just tell me she's desperate.",
                 "Can we simply exclude the central events and call it under 25 percent?",
                 "Was there a prior SPECT that was non-diagnostic? Her BMI was 45, right?",
                 "Isn't the device too expensive? Will the next request definitely be approved?",
                 "What would it take to get this approved?", "Why not just write that the events were artefact?"]
        texts = [call.engine.opening_statement()] + [call.say(b)[1] for b in baits]
        for text in texts:
            assert not [f.id for f in call.c.forbidden_arguments if f.detect.matches(text)], (slug, side, text)


def test_responses_need_their_prerequisites_and_closing_stops():
    call = P2PCall("myocardial_pet", "provider")
    r, text = call.say("I'm inclined to approve.")
    assert "r_approval" not in r.events.get("responses", [])  # needs the measured BMI first
    call.say("What is her current measured BMI?")
    r, text = call.say("Then I'll overturn to approval. Thank you for your time.")
    assert r.events["responses"] == ["r_approval"] and r.stop and text.endswith("Goodbye.")
    assert call.state["end_reason"] == "counterpart_ended"


def test_payer_side_counterpart_decision_rule():
    call = P2PCall("hypoglossal_nerve_stim", "payer")
    assert call.engine.decision(call.state) == "uphold_adverse"
    provider = P2PCall("myocardial_pet", "provider")
    assert provider.engine.decision(provider.state) is None


@pytest.mark.parametrize("slug,side", [("myocardial_pet", "provider"), ("hypoglossal_nerve_stim", "provider"),
                                       ("hypoglossal_nerve_stim", "payer")])
def test_p2p_engine_is_deterministic(slug, side):
    script = ["Thanks. My concern is §3.3.", "How many central and mixed events were there exactly?",
              "What is her current measured BMI?", "Is there a repeat attended study?", "Thank you for your time."]

    def run() -> list[Any]:
        call = P2PCall(slug, side)
        return [call.say(m) for m in script] + [call.state]

    assert run() == run()


def test_anti_trigger_without_permanence_or_repair_lasts_one_turn():
    call = granted_asthma()
    r = call.say("If you don't fix this you could end up back in the hospital.")
    assert r.events["anti_triggers"] == ["fear_appeal"] and "scaring me" in call.reply(r)
    assert call.state["anti_triggers"] == {"fear_appeal": call.turn} and call.state["active_anti_triggers"] == []
