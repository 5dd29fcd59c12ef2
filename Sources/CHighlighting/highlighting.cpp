// KSyntaxHighlighting (Debian's libkf5syntaxhighlighting-dev, Kate's syntax definitions) behind
// the plain C functions of chighlighting.h.
#include "chighlighting.h"

#include <KF5/KSyntaxHighlighting/KSyntaxHighlighting/abstracthighlighter.h>
#include <KF5/KSyntaxHighlighting/KSyntaxHighlighting/definition.h>
#include <KF5/KSyntaxHighlighting/KSyntaxHighlighting/format.h>
#include <KF5/KSyntaxHighlighting/KSyntaxHighlighting/repository.h>
#include <KF5/KSyntaxHighlighting/KSyntaxHighlighting/state.h>
#include <KF5/KSyntaxHighlighting/KSyntaxHighlighting/theme.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

using namespace KSyntaxHighlighting;

namespace {

// highlight.js's class for a Kate text style, by what the style means; nullptr leaves text plain.
// Kate's definitions call punctuation (`{`, `;`, `,`) operators, which highlight.js leaves plain:
// so does Folio, rather than wrap every `;` in a span.
const char *hljsClasses(Theme::TextStyle style) {
    switch (style) {
    case Theme::Keyword: case Theme::ControlFlow: case Theme::Import: return "hljs-keyword";
    case Theme::Function: return "hljs-title function_";
    case Theme::Variable: return "hljs-variable";
    case Theme::BuiltIn: case Theme::Extension: return "hljs-built_in";
    case Theme::Preprocessor: case Theme::Attribute: return "hljs-meta";
    case Theme::Char: case Theme::SpecialChar: case Theme::String: case Theme::VerbatimString: return "hljs-string";
    case Theme::SpecialString: return "hljs-regexp";
    case Theme::DataType: return "hljs-type";
    case Theme::DecVal: case Theme::BaseN: case Theme::Float: return "hljs-number";
    case Theme::Constant: return "hljs-literal";
    case Theme::Comment: case Theme::Documentation: case Theme::RegionMarker: return "hljs-comment";
    case Theme::Annotation: case Theme::CommentVar: case Theme::Information: case Theme::Warning: case Theme::Alert:
        return "hljs-doctag";
    case Theme::Others: return "hljs-attr";
    default: return nullptr;
    }
}

// Collects the runs of the code's lines, one line at a time: KSyntaxHighlighting counts UTF-16
// units in the line, the runs count UTF-8 bytes in the code.
class LineRuns final : public AbstractHighlighter {
public:
    std::vector<chighlighting_run> *runs = nullptr;

    // The line of `code` from byte `start` to `end`, after the lines before it left `state`.
    State highlight(const char *code, size_t start, size_t end, const State &state) {
        this->code = code;
        bytes.clear();
        for (size_t at = start; at < end;) {
            unsigned char lead = static_cast<unsigned char>(code[at]);
            bytes.push_back(at);
            if (lead >= 0xF0) bytes.push_back(at); // a surrogate pair
            at += lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4;
        }
        bytes.push_back(end);
        return highlightLine(QString::fromUtf8(code + start, static_cast<int>(end - start)), state);
    }

protected:
    void applyFormat(int offset, int length, const Format &format) override {
        const char *classes = hljsClasses(format.textStyle());
        if (!classes || length <= 0) return;
        size_t start = bytes[offset], end = bytes[offset + length];
        // A span of blanks shows nothing: leave them plain.
        if (std::all_of(code + start, code + end, [](char c) { return c == ' ' || c == '\t'; })) return;
        if (!runs->empty() && runs->back().classes == classes && runs->back().offset + runs->back().length == start) {
            runs->back().length = end - runs->back().offset;
        } else {
            runs->push_back({start, end - start, classes});
        }
    }

private:
    const char *code = nullptr;
    // The offset in the code of each UTF-16 unit of the line, and of its end.
    std::vector<size_t> bytes;
};

// A repository and what it has found: a Repository is not safe to share between threads, so
// each call takes one of its own from a pool, which grows to the number of threads at once.
struct Highlighter {
    Repository repository;
    std::map<std::string, Definition> definitions;
    LineRuns lines;

    Definition definition(const std::string &language) {
        auto found = definitions.find(language);
        if (found != definitions.end()) return found->second;
        QString name = QString::fromStdString(language);
        Definition definition;
        // The definitions come sorted by name, so the first of a name in any case is always the same one.
        for (const Definition &candidate : repository.definitions()) {
            if (candidate.name().compare(name, Qt::CaseInsensitive) == 0) {
                definition = candidate;
                break;
            }
        }
        if (!definition.isValid()) definition = repository.definitionForFileName(QStringLiteral("code.") + name);
        definitions.emplace(language, definition);
        return definition;
    }
};

std::mutex poolLock;
// Never destroyed: the end of the process frees it sooner than taking each repository apart would.
auto &pool = *new std::vector<std::unique_ptr<Highlighter>>;

std::unique_ptr<Highlighter> takeHighlighter() {
    {
        std::lock_guard<std::mutex> hold(poolLock);
        if (!pool.empty()) {
            auto highlighter = std::move(pool.back());
            pool.pop_back();
            return highlighter;
        }
    }
    // Made outside the lock: a repository takes milliseconds to load.
    return std::make_unique<Highlighter>();
}

void giveBack(std::unique_ptr<Highlighter> highlighter) {
    std::lock_guard<std::mutex> hold(poolLock);
    pool.push_back(std::move(highlighter));
}

} // namespace

bool chighlighting_highlight(const char *language, const void *bytes, size_t length, chighlighting_runs *result) {
    const char *code = static_cast<const char *>(bytes);
    *result = {nullptr, 0};
    auto highlighter = takeHighlighter();
    Definition definition = highlighter->definition(language);
    if (!definition.isValid()) {
        giveBack(std::move(highlighter));
        return false;
    }
    std::vector<chighlighting_run> runs;
    LineRuns &lines = highlighter->lines;
    lines.setDefinition(definition);
    lines.runs = &runs;
    State state;
    for (size_t start = 0; start < length;) {
        const void *newline = std::memchr(code + start, '\n', length - start);
        size_t end = newline ? static_cast<const char *>(newline) - code : length;
        state = lines.highlight(code, start, end, state);
        start = end + 1;
    }
    giveBack(std::move(highlighter));
    if (!runs.empty()) {
        result->runs = static_cast<chighlighting_run *>(std::malloc(runs.size() * sizeof(chighlighting_run)));
        std::memcpy(result->runs, runs.data(), runs.size() * sizeof(chighlighting_run));
        result->count = runs.size();
    }
    return true;
}

void chighlighting_free(chighlighting_runs *runs) {
    std::free(runs->runs);
    *runs = {nullptr, 0};
}
