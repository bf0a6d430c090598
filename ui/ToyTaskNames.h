#pragma once

#include <QString>

// The toy tasks (app::toyTaskNames) for people, in the interface's language.
namespace studio::ui {

// "Reverse letters", "Copy letters", "Sort letters", "Vietnamese phrases".
QString toyTaskLabel(const QString& task);
// One sentence: an example, and what to look for in the cross-attention.
QString toyTaskDescription(const QString& task);

}  // namespace studio::ui
