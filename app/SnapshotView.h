#pragma once

// The engine's attention snapshot as the GUI's value type (for the app's own
// sources only: it includes the engine).
#include "app/TranslationService.h"
#include "model/decoding/AttentionCapture.h"

namespace studio::app {

// Copies every weight, token and mask; with_json also the document that
// `attention-studio-cli attention` prints.
void fillView(AttentionView& view, const model::AttentionSnapshot& snap, bool with_json);

}  // namespace studio::app
