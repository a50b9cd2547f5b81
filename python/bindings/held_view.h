// HeldView: a PlayerView that Python holds (the class `_core.PlayerView`).
//
// A core PlayerView points at its deal's public record (player_view.h),
// which Python could outlive or change. A held view shares the ownership of
// a record instead and the length it had when the view was taken: the
// record only grows, so the view reads the same actions for as long as it
// lives. view() rebuilds the core view on each use.
#pragma once

#include <memory>
#include <span>
#include <vector>

#include "guandan/player_view.h"
#include "guandan/public_record.h"

namespace guandan::python {

struct HeldView {
  PlayerView fields;  // its record unset
  std::shared_ptr<const std::vector<PublicAction>> record;
  std::size_t length = 0;

  PlayerView view() const {
    PlayerView v = fields;
    if (record) v.record = std::span<const PublicAction>(record->data(), length);
    return v;
  }

  // A view whose record the held view copies (the deal it came from may change).
  static HeldView copy_of(const PlayerView& view) {
    HeldView held{view, nullptr, view.record.size()};
    held.fields.record = {};
    if (!view.record.empty())
      held.record = std::make_shared<const std::vector<PublicAction>>(view.record.begin(), view.record.end());
    return held;
  }

  // A view of `record`'s first `length` actions, shared with its owner.
  static HeldView sharing(const PlayerView& view, std::shared_ptr<const std::vector<PublicAction>> record) {
    HeldView held{view, std::move(record), view.record.size()};
    held.fields.record = {};
    return held;
  }
};

}  // namespace guandan::python
