#include "guandan/bots/registry.h"

#include <stdexcept>
#include <string>

#include "guandan/bots/net.h"
#include "guandan/bots/random.h"
#include "guandan/bots/rule.h"
#include "guandan/bots/rule_styles.h"
#include "guandan/bots/rule_v1.h"
#include "guandan/bots/search.h"
#include "guandan/bots/search_v1.h"
#include "guandan/bots/tempo.h"
#include "guandan/common/registry.h"

namespace guandan {
namespace {

template <class P>
std::unique_ptr<Policy> make_plain(const PolicyOptions&) {
  return std::make_unique<P>();
}

template <const PlanStyle& Style>
std::unique_ptr<Policy> make_styled(const PolicyOptions&) {
  return std::make_unique<RulePolicy>(Style);
}

std::unique_ptr<Policy> make_net_v1(const PolicyOptions&) {
  return std::make_unique<NetPolicy>(ActionCards::kFirst);
}

std::unique_ptr<Policy> make_search_v1(const PolicyOptions& options) {
  const int rollouts = int(options.values.get_or("rollouts", kSearchV1Options[0].fallback));
  return std::make_unique<SearchV1Policy>(SearchV1Config{rollouts, true, options.stop});
}

std::unique_ptr<Policy> make_search_v2(const PolicyOptions& options) {
  return std::make_unique<SearchPolicy>(search_v2_config(options));
}

std::unique_ptr<Policy> make_search_v3(const PolicyOptions& options) {
  return std::make_unique<SearchPolicy>(search_v3_config(options));
}

std::unique_ptr<Policy> make_search_v4(const PolicyOptions& options) {
  return std::make_unique<SearchPolicy>(search_v4_config(options));
}

constexpr PolicyEntry kPolicies[] = {
    {"random", "uniform over the legal moves and passing", false, &make_plain<RandomPolicy>},
    {"net", "the learned bot: a small network scores each grouped play, read as the planner keeps the rest "
     "of the hand (bots/net.h)", false, &make_plain<NetPolicy>},
    {"net_v1", "the learned bot as first shipped: the same network, each grouped play read as its first move "
     "(bots/net.h)", false, &make_net_v1},
    {"rule", "plays the hand as the planner splits it, bombs by tempo (bots/rule.h)", false,
     &make_plain<RulePolicy>},
    {"rule_v1", "the first rule-based player: sheds its weakest rank, bombs late (bots/rule_v1.h)", false,
     &make_plain<RuleV1Policy>},
    {"rule_bomber", "the planning player bombing early and on more plays (plan_style.h)", false,
     &make_styled<kBomberStyle>},
    {"rule_v2", "the planning player as it was before it learned from tempo (plan_style.h)", false,
     &make_styled<kRuleV2Style>},
    {"rule_patient", "the planning player keeping its bombs for the end, leading its lowest first (plan_style.h)",
     false, &make_styled<kPatientStyle>},
    {"rule_styles", "the planning player with its thresholds drawn per seat and deal (plan_style.h, bots/rule_styles.h)",
     false, &make_plain<RuleStylesPolicy>},
    {"search", "search v4: search_v3 reading each grouped move as the planner keeps the rest of the hand, "
     "the learned bot net's choice the one to beat (bots/search.h)", true, &make_search_v4, kSearchOptions},
    {"search_v3", "search_v2 with worlds weighted by the passes and plays seen (inference.h) and "
     "opponents of many styles in the playouts (bots/search.h)", true, &make_search_v3, kSearchV3Options},
    {"search_v2", "search with a time budget per decision, planning playouts, root-parallel threads (bots/search.h)", true,
     &make_search_v2, kSearchV2Options},
    {"search_v1", "determinized Monte Carlo search over rule_v1 playouts (bots/search_v1.h)", true, &make_search_v1,
     kSearchV1Options},
    {"tempo", "a competition-style heuristic player: fixed split, tempo bombing, unseen-card counting (bots/tempo.h)",
     false, &make_plain<TempoPolicy>},
};

}  // namespace

std::span<const PolicyEntry> policy_registry() { return kPolicies; }

const PolicyEntry* find_policy(std::string_view name) { return find_entry(policy_registry(), name); }

std::unique_ptr<Policy> make_policy(std::string_view name, const PolicyOptions& options) {
  const PolicyEntry* entry = find_policy(name);
  return entry ? entry->make(options) : nullptr;
}

PolicySpec parse_policy_spec(std::string_view text) {
  const std::size_t colon = text.find(':');
  const std::string_view name = text.substr(0, colon);
  PolicySpec spec;
  spec.entry = find_policy(name);
  if (spec.entry == nullptr) {
    std::string names;
    for (const PolicyEntry& entry : policy_registry()) names += (names.empty() ? "" : ", ") + std::string(entry.name);
    throw std::invalid_argument("unknown policy '" + std::string(name) + "' (expected one of " + names + ")");
  }
  if (colon != std::string_view::npos) {
    spec.values = parse_options(name, spec.entry->options, text.substr(colon + 1));
    if (spec.values.count() == 0) throw std::invalid_argument(std::string(name) + ": give options as KEY=VALUE,...");
  }
  spec.entry->make(PolicyOptions{spec.values, nullptr});  // values no bot can play with throw here
  return spec;
}

std::string policy_spec_text(const PolicySpec& spec) {
  const std::string options = options_text(spec.values);
  return std::string(spec.entry->name) + (options.empty() ? "" : ":" + options);
}

}  // namespace guandan
