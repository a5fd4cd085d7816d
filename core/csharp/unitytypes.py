"""Types Unity serializes that are not declared in the project's C#: primitives, Unity's built-in structs, native
`UnityEngine.Object` classes and the managed engine/package classes a project script commonly names.

Sources: primitives and built-in structs are the list of Unity's manual page "Script serialization"
(docs.unity3d.com/Manual/script-Serialization.html, "Serializable types"); native Object classes come from the
Editor type trees (`unitycli.typetree`, every class there derives from Object); the managed classes below cite the
package file that declares them. A type in none of these and not in the project's or its packages' sources is
unknown, and the model says so instead of guessing whether Unity serializes it.
"""

from __future__ import annotations

from functools import cache

from unitycli.typetree.table import index

# C# keyword and System names -> the serializer's primitive kind
PRIMITIVES = {
    "bool": "bool", "Boolean": "bool", "byte": "byte", "Byte": "byte", "sbyte": "sbyte", "SByte": "sbyte",
    "short": "short", "Int16": "short", "ushort": "ushort", "UInt16": "ushort", "int": "int", "Int32": "int",
    "uint": "uint", "UInt32": "uint", "long": "long", "Int64": "long", "ulong": "ulong", "UInt64": "ulong",
    "float": "float", "Single": "float", "double": "double", "Double": "double", "char": "char", "Char": "char",
    "string": "string", "String": "string",
}

# Unity's built-in serializable structs and classes (manual, "Serializable types"), written as one value each.
BUILTIN_VALUES = frozenset({
    "Vector2", "Vector3", "Vector4", "Vector2Int", "Vector3Int", "Quaternion", "Matrix4x4", "Color", "Color32",
    "Rect", "RectInt", "Bounds", "BoundsInt", "LayerMask", "AnimationCurve", "Gradient", "RectOffset", "GUIStyle",
    "Hash128", "RenderingLayerMask", "SphericalHarmonicsL2",
})

# Managed UnityEngine.Object classes of the engine and of packages, by namespace, with the declaring file.
MANAGED_OBJECTS: dict[str, tuple[str, ...]] = {
    # UnityEngine.CoreModule (UnityCsReference Runtime/Export/Scripting/*.cs)
    "UnityEngine": ("MonoBehaviour", "ScriptableObject", "StateMachineBehaviour"),
    # com.unity.ugui Runtime/UI/Core/*.cs and Runtime/EventSystem/*.cs
    "UnityEngine.UI": ("Image", "RawImage", "Text", "Button", "Toggle", "ToggleGroup", "Slider", "Scrollbar",
                       "ScrollRect", "Dropdown", "InputField", "Selectable", "Graphic", "MaskableGraphic", "Mask",
                       "RectMask2D", "LayoutGroup", "HorizontalLayoutGroup", "VerticalLayoutGroup",
                       "GridLayoutGroup", "LayoutElement", "ContentSizeFitter", "AspectRatioFitter", "CanvasScaler",
                       "GraphicRaycaster", "Outline", "Shadow"),
    "UnityEngine.EventSystems": ("EventSystem", "UIBehaviour", "BaseInputModule", "StandaloneInputModule",
                                 "PhysicsRaycaster", "Physics2DRaycaster", "EventTrigger"),
    # com.unity.textmeshpro / ugui 2.0 Runtime/TMP/*.cs
    "TMPro": ("TMP_Text", "TextMeshPro", "TextMeshProUGUI", "TMP_FontAsset", "TMP_SpriteAsset",
              "TMP_StyleSheet", "TMP_InputField", "TMP_Dropdown", "TMP_ColorGradient"),
    # UnityEngine.UIElementsModule (UnityCsReference Modules/UIElements/Core/*.cs)
    "UnityEngine.UIElements": ("UIDocument", "PanelSettings", "VisualTreeAsset", "StyleSheet", "ThemeStyleSheet",
                               "PanelTextSettings"),
    # com.unity.ai.navigation Runtime/*.cs
    "Unity.AI.Navigation": ("NavMeshSurface", "NavMeshModifier", "NavMeshModifierVolume", "NavMeshLink"),
    # com.unity.inputsystem InputSystem/Actions/InputActionAsset.cs, InputActionReference.cs, Plugins/PlayerInput
    "UnityEngine.InputSystem": ("InputActionAsset", "InputActionReference", "PlayerInput", "PlayerInputManager"),
    # com.unity.splines Runtime/SplineContainer.cs; com.unity.animation.rigging Runtime/*.cs
    "UnityEngine.Splines": ("SplineContainer", "SplineAnimate", "SplineExtrude", "SplineInstantiate"),
    "UnityEngine.Animations.Rigging": ("Rig", "RigBuilder", "MultiAimConstraint", "TwoBoneIKConstraint"),
    "UnityEngine.Tilemaps": ("TileBase", "Tile"),
    "UnityEngine.Rendering": ("VolumeProfile", "Volume"),
    "UnityEngine.Timeline": ("TimelineAsset",),
    "UnityEngine.Playables": ("PlayableAsset", "PlayableDirector"),
}

# Managed [Serializable] engine classes whose layout the model knows as one value (UnityEvents: UnityCsReference
# Runtime/Export/UnityEvent/UnityEvent.cs, serialized as `m_PersistentCalls`).
MANAGED_VALUES: dict[str, tuple[str, ...]] = {
    "UnityEngine.Events": ("UnityEvent",),
    # Unity.Mathematics (com.unity.mathematics src/Unity.Mathematics/*.gen.cs): [Serializable] structs of x, y, z, w
    "Unity.Mathematics": ("float2", "float3", "float4", "int2", "int3", "int4", "uint2", "uint3", "uint4",
                          "double2", "double3", "double4", "bool2", "bool3", "bool4", "quaternion", "float4x4",
                          "float3x3"),
    # com.unity.inputsystem InputSystem/Actions/InputActionProperty.cs, InputAction.cs ([Serializable])
    "UnityEngine.InputSystem": ("InputActionProperty", "InputAction", "InputActionMap"),
}

# Engine enums (serialized as their integer value), from UnityCsReference: Modules/AI/*.bindings.cs,
# Runtime/Export/*.cs, Modules/Physics/*.cs, Runtime/Export/Graphics/GraphicsEnums.cs.
ENGINE_ENUMS: dict[str, tuple[str, ...]] = {
    "UnityEngine": ("KeyCode", "ForceMode", "ForceMode2D", "RigidbodyInterpolation", "RigidbodyConstraints",
                    "CollisionDetectionMode", "QueryTriggerInteraction", "LightType", "LightShadows",
                    "CameraClearFlags", "FullScreenMode", "TextAnchor", "FontStyle", "RenderMode", "Space",
                    "PrimitiveType", "AnimatorCullingMode", "AnimatorUpdateMode", "HideFlags", "FilterMode",
                    "TextureWrapMode", "TextureFormat", "RenderTextureFormat", "WrapMode", "AudioRolloffMode",
                    "SendMessageOptions", "TouchPhase", "CursorLockMode", "ScaleMode", "ParticleSystemStopBehavior",
                    "Camera.GateFitMode", "Camera.FieldOfViewAxis", "Camera.GateFitMode"),
    "UnityEngine.AI": ("ObstacleAvoidanceType", "NavMeshCollectGeometry", "NavMeshObstacleShape"),
    "UnityEngine.Rendering": ("ShadowCastingMode", "CompareFunction", "BlendMode", "CullMode", "LightShadowResolution"),
}

# Types Unity never serializes as a field (not [Serializable]; the manual lists only the types above), named here
# so that a field of such a type is a proven "not serialized" rather than an unknown.
NOT_SERIALIZED: dict[str, tuple[str, ...]] = {
    "System": ("Object", "Action", "Func", "Predicate", "Delegate", "Type", "Exception", "Random", "DateTime",
               "TimeSpan", "Guid", "Decimal", "IntPtr", "Lazy", "Nullable", "ValueTuple", "Tuple", "EventHandler"),
    "System.Collections": ("IEnumerator", "IEnumerable", "Hashtable", "ArrayList"),
    "System.Collections.Generic": ("Dictionary", "HashSet", "Queue", "Stack", "LinkedList", "SortedList",
                                   "SortedDictionary", "IEnumerable", "IList", "IDictionary", "ICollection",
                                   "IReadOnlyList", "IReadOnlyCollection", "IReadOnlyDictionary", "KeyValuePair"),
    "System.Threading": ("CancellationTokenSource", "CancellationToken"),
    "System.Threading.Tasks": ("Task",),
    "UnityEngine": ("Coroutine", "WaitForSeconds", "Ray", "RaycastHit", "RaycastHit2D", "Touch", "Plane", "Camera.MonoOrStereoscopicEye",
                    "Resolution", "ContactPoint", "Collision", "WaitForEndOfFrame", "YieldInstruction",
                    "CustomYieldInstruction", "AsyncOperation", "Matrix4x4[]", "MaterialPropertyBlock", "Awaitable"),
    "UnityEngine.AI": ("NavMeshPath", "NavMeshHit", "NavMeshQueryFilter", "NavMeshTriangulation"),
    "UnityEngine.Pool": ("ObjectPool", "IObjectPool", "LinkedPool", "ListPool", "DictionaryPool"),
    "UnityEngine.UIElements": ("VisualElement", "Label", "Button", "ProgressBar", "ListView", "ScrollView",
                               "TemplateContainer", "Slider", "Toggle", "DropdownField", "TextField"),
    "UnityEngine.SceneManagement": ("Scene",),
    "UnityEngine.InputSystem.EnhancedTouch": ("Touch",),
    "Unity.Collections": ("NativeArray", "NativeList"),
}


@cache
def native_object_classes() -> frozenset[str]:
    """Every native class name of the Editor type trees and their base classes (each derives from
    UnityEngine.Object; abstract ones such as Renderer and Collider appear only as bases)."""
    classes = index()["classes"]
    return frozenset(classes) | {b for entry in classes.values() for b in entry["bases"].split(" <- ") if b}


@cache
def _by_full_name(table: tuple[tuple[str, tuple[str, ...]], ...]) -> frozenset[str]:
    return frozenset(f"{ns}.{name}" for ns, names in table for name in names)


def external_kind(full_name: str) -> str | None:
    """'object', 'value', 'enum' or 'none' for an engine or package type named `Namespace.Name`; None when unknown."""
    namespace, _, name = full_name.rpartition(".")
    if full_name in _by_full_name(tuple(MANAGED_OBJECTS.items())):
        return "object"
    if full_name in _by_full_name(tuple(MANAGED_VALUES.items())):
        return "value"
    if full_name in _by_full_name(tuple(ENGINE_ENUMS.items())):
        return "enum"
    if full_name in _by_full_name(tuple(NOT_SERIALIZED.items())):
        return "none"
    if namespace == "UnityEngine" and name in BUILTIN_VALUES:
        return "value"
    if namespace.startswith("UnityEngine") and name in native_object_classes():
        return "object"
    return None
