#pragma once

#include <chrono>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>

// Work that cannot be interrupted from inside (a library call with no hook,
// such as SentencePiece's training) made stoppable: it runs in a child
// process, and stopping it ends that process.
namespace studio::model {

// What the work threw in the child, or why the child ended without an answer.
class ChildError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Runs `work` in a child process (fork) and returns the string it returned.
// The parent asks `stop` about ten times a second while it waits; when `stop`
// says so, the child is killed and nullopt comes back. An exception thrown by
// `work` comes back as ChildError with its message; a child that dies (killed
// for memory, say) as ChildError naming the signal. The child ignores SIGINT
// (the parent's `stop` decides) and dies with its parent.
//
// The child holds a copy of the parent's memory as it was (copy on write), so
// `work` reads anything the parent had; what it changes stays in the child.
// Where there is no fork (Windows), or no `stop` is given, `work` runs in
// this process and `stop` is asked once, after it.
//
// A child forked from a process of several threads can be born holding a
// lock another thread held at that instant, and wait for it forever (clang
// 14's AddressSanitizer allocator does: 3 forks in 300 under a stress test).
// On Linux a child that answered nothing, still has one thread and has used
// no processor time, asleep, for `stuck_after` is taken for such a child: it
// is killed and `work` runs in a new one, three times at most.
std::optional<std::string> runStoppable(const std::function<std::string()>& work,
                                        const std::function<bool()>& stop,
                                        std::chrono::milliseconds stuck_after = std::chrono::seconds(15));

}  // namespace studio::model
